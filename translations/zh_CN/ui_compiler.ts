<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CompilerPanel</name>
    <message>
        <source>No compiler output yet: ask for it after a build.</source>
        <translation>还没有编译器输出：请在构建之后请求它。</translation>
    </message>
    <message>
        <source>Assembly</source>
        <translation>汇编</translation>
    </message>
    <message>
        <source>LLVM IR</source>
        <translation>LLVM IR</translation>
    </message>
    <message>
        <source>Kernel output</source>
        <translation>内核输出</translation>
    </message>
    <message>
        <source>The compiler view could not be made: {error}</source>
        <translation>无法生成编译器视图：{error}</translation>
    </message>
    <message>
        <source>Compared with the previous build:</source>
        <translation>与上一次构建相比：</translation>
    </message>
</context>
<context>
    <name>CompilerTab</name>
    <message>
        <source>Compile the last run</source>
        <translation>编译上次运行</translation>
    </message>
    <message>
        <source>Build the kernel of the last run again, with its options and local size, and show the LLVM IR, the assembly and the vectoriser&apos;s remarks</source>
        <translation>用上次运行的选项和局部大小重新构建其内核，并显示 LLVM IR、汇编和向量化器的说明</translation>
    </message>
    <message>
        <source>Run the kernel first: the compiler view shows the last run.</source>
        <translation>请先运行内核：编译器视图显示的是上次运行。</translation>
    </message>
    <message>
        <source>Last run: {kernel}. Compile it to see what the compiler made of it.</source>
        <translation>上次运行：{kernel}。编译它，看看编译器把它变成了什么。</translation>
    </message>
    <message>
        <source>Compiling {kernel} in a worker of its own…</source>
        <translation>正在独立的工作进程中编译 {kernel}…</translation>
    </message>
    <message>
        <source>Compiled {kernel}.</source>
        <translation>已编译 {kernel}。</translation>
    </message>
    <message>
        <source>The compile did not finish.</source>
        <translation>编译未完成。</translation>
    </message>
</context>
</TS>
