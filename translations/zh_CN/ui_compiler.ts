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
        <source>The compiler view could not be made: {error}</source>
        <translation>无法生成编译器视图：{error}</translation>
    </message>
    <message>
        <source>Compared with the previous build:</source>
        <translation>与上一次构建相比：</translation>
    </message>
</context>
</TS>
