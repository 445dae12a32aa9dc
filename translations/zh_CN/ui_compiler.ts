<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CompilerLesson</name>
    <message>
        <source>The Compiler tab</source>
        <translation>编译器选项卡</translation>
    </message>
    <message>
        <source>Compile the last run</source>
        <translation>编译上次运行</translation>
    </message>
    <message>
        <source>Run a kernel (F5), open the Compiler tab in the Results area and press Compile the last run. The run&apos;s source, build options and local size are compiled again in a worker of its own, so a normal run or build never waits for it. On the command line, clstudio compile SESSION.json --emit remarks does the same.</source>
        <translation>运行一个内核（F5），在结果区打开“编译器”选项卡，按“编译上次运行”。这次运行的源代码、构建选项和局部大小会在一个独立的工作进程中重新编译，因此普通的运行或构建从不需要等它。在命令行上，clstudio compile SESSION.json --emit remarks 做的是同一件事。</translation>
    </message>
    <message>
        <source>The summary and the remarks</source>
        <translation>摘要与编译说明</translation>
    </message>
    <message>
        <source>The line at the top says whether the work-group loop was vectorised and over how many lanes, the number of instructions, the stack frame and the private and local memory. The vectoriser&apos;s remarks appear as notes in the editor at your own lines, each with what it means and what usually helps.</source>
        <translation>顶部的一行说明工作组循环是否被向量化、用了多少条通道，以及指令数、栈帧大小、私有内存和局部内存。向量化器的说明以注释的形式显示在编辑器中你自己的代码行旁，每条都说明其含义以及通常有什么帮助。</translation>
    </message>
    <message>
        <source>Assembly and LLVM IR</source>
        <translation>汇编与 LLVM IR</translation>
    </message>
    <message>
        <source>The Assembly tab shows the x86-64 code of the work-group function and the LLVM IR tab the code before it; each line is tied to a line of your source. Click an instruction to go to its line in the editor. If the kernel prints, what it printed during the compile&apos;s launch is in the Kernel output tab.</source>
        <translation>“汇编”选项卡显示工作组函数的 x86-64 代码，“LLVM IR”选项卡显示生成汇编之前的代码；每一行都对应你源代码中的一行。点击一条指令即可跳到编辑器中对应的行。如果内核有打印输出，编译时那次启动打印的内容在“内核输出”选项卡中。</translation>
    </message>
    <message>
        <source>Two builds compared</source>
        <translation>两次构建的对比</translation>
    </message>
    <message>
        <source>Change a build option (for example -cl-fast-relaxed-math) or the local size, run and compile again. Beside the listing the tab compares the build with the previous one of the same kernel: instructions added and removed, the vector width before and after, the remarks that came and went, and the median times of the two runs. Open the gallery&apos;s row_sum to see a floating-point sum vectorise once reordering is allowed.</source>
        <translation>修改一个构建选项（例如 -cl-fast-relaxed-math）或局部大小，再运行并编译一次。该选项卡会在代码清单旁把这次构建与同一内核的上一次构建作对比：增加和删除的指令、前后的向量宽度、出现和消失的编译说明，以及两次运行的中位时间。打开示例库中的 row_sum，可以看到允许重排之后浮点求和被向量化。</translation>
    </message>
</context>
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
