<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BuildLogView</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Device:  {device}</source>
        <translation>设备：{device}</translation>
    </message>
    <message>
        <source>Options: {options}</source>
        <translation>选项：{options}</translation>
    </message>
    <message>
        <source>Result:  {result}</source>
        <translation>结果：{result}</translation>
    </message>
    <message>
        <source>The compiler wrote no messages.</source>
        <translation>编译器没有输出任何消息。</translation>
    </message>
    <message>
        <source>Build the kernel (Ctrl+B) to see the compiler&apos;s full log here.</source>
        <translation>构建内核（Ctrl+B）即可在此查看编译器的完整日志。</translation>
    </message>
    <message>
        <source>The build did not finish: the OpenCL backend raised an unexpected error.</source>
        <translation>构建未完成：OpenCL 后端引发了意外错误。</translation>
    </message>
</context>
<context>
    <name>BuildOptionsEdit</name>
    <message>
        <source>The driver&apos;s default OpenCL C version</source>
        <translation>驱动程序默认的 OpenCL C 版本</translation>
    </message>
    <message>
        <source>OpenCL C 1.2: what every device understands</source>
        <translation>OpenCL C 1.2：所有设备都支持</translation>
    </message>
    <message>
        <source>OpenCL C 2.0: generic address space, atomics with memory order, pipes</source>
        <translation>OpenCL C 2.0：通用地址空间、带内存序的原子操作、管道</translation>
    </message>
    <message>
        <source>OpenCL C 3.0: 1.2 plus the 2.0 features this device reports</source>
        <translation>OpenCL C 3.0：1.2，加上此设备报告支持的 2.0 特性</translation>
    </message>
    <message>
        <source>Faster, less exact floating point: no NaN or infinity checks</source>
        <translation>更快但不那么精确的浮点运算：不检查 NaN 或无穷大</translation>
    </message>
    <message>
        <source>Allow a * b + c as one multiply-add, with less precision</source>
        <translation>允许把 a * b + c 算作一次乘加，精度较低</translation>
    </message>
    <message>
        <source>Treat every warning as an error</source>
        <translation>把所有警告都视为错误</translation>
    </message>
    <message>
        <source>Build options, e.g. -cl-std=CL2.0 -D N=256</source>
        <translation>构建选项，例如 -cl-std=CL2.0 -D N=256</translation>
    </message>
    <message>
        <source>Options passed to the OpenCL compiler (clBuildProgram)</source>
        <translation>传给 OpenCL 编译器（clBuildProgram）的选项</translation>
    </message>
    <message>
        <source>OpenCL C version</source>
        <translation>OpenCL C 版本</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Compiler switches</source>
        <translation>编译器开关</translation>
    </message>
    <message>
        <source>Macros</source>
        <translation>宏</translation>
    </message>
    <message>
        <source>Define a macro for the source, like #define NAME VALUE</source>
        <translation>为源代码定义一个宏，相当于 #define NAME VALUE</translation>
    </message>
    <message>
        <source>Common</source>
        <translation>常用</translation>
    </message>
    <message>
        <source>Common build options</source>
        <translation>常用构建选项</translation>
    </message>
</context>
<context>
    <name>BuildStatus</name>
    <message>
        <source>1 kernel</source>
        <translation>1 个内核</translation>
    </message>
    <message>
        <source>{count} kernels</source>
        <translation>{count} 个内核</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 个错误</translation>
    </message>
    <message>
        <source>{count} errors</source>
        <translation>{count} 个错误</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 个警告</translation>
    </message>
    <message>
        <source>{count} warnings</source>
        <translation>{count} 个警告</translation>
    </message>
    <message>
        <source>1 minute</source>
        <translation>1 分钟</translation>
    </message>
    <message>
        <source>{count} minutes</source>
        <translation>{count} 分钟</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>{count} hours</source>
        <translation>{count} 小时</translation>
    </message>
    <message>
        <source>no kernels</source>
        <translation>没有内核</translation>
    </message>
    <message>
        <source>Built in {duration}: {kernels}, {warnings}</source>
        <translation>构建用时 {duration}：{kernels}，{warnings}</translation>
    </message>
    <message>
        <source>Built in {duration}: {kernels}</source>
        <translation>构建用时 {duration}：{kernels}</translation>
    </message>
    <message>
        <source>Build failed</source>
        <translation>构建失败</translation>
    </message>
    <message>
        <source>{errors}, {warnings}</source>
        <translation>{errors}，{warnings}</translation>
    </message>
    <message>
        <source>{count} s</source>
        <translation>{count} 秒</translation>
    </message>
    <message>
        <source>Up to date (built {ago} ago)</source>
        <translation>已是最新（{ago}前构建）</translation>
    </message>
</context>
<context>
    <name>CodeEditor</name>
    <message>
        <source>OpenCL C source of the kernel</source>
        <translation>内核的 OpenCL C 源代码</translation>
    </message>
</context>
<context>
    <name>EditorPanel</name>
    <message>
        <source>Live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>Build in the background half a second after typing stops</source>
        <translation>停止输入半秒后在后台构建</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>构建</translation>
    </message>
    <message>
        <source>Build the source now (Ctrl+B)</source>
        <translation>立即构建源代码（Ctrl+B）</translation>
    </message>
    <message>
        <source>Not built yet</source>
        <translation>尚未构建</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>Edited; live build is off: Build (Ctrl+B) to check it</source>
        <translation>已编辑；实时构建已关闭：点“构建”（Ctrl+B）检查</translation>
    </message>
    <message>
        <source>Ln {line}, Col {column}</source>
        <translation>第 {line} 行，第 {column} 列</translation>
    </message>
    <message>
        <source>Building…</source>
        <translation>正在构建…</translation>
    </message>
    <message>
        <source>; the kernel list is from the last good build</source>
        <translation>；内核列表来自上一次成功的构建</translation>
    </message>
    <message>
        <source>The build did not finish: see the Build log</source>
        <translation>构建未完成：请查看“构建日志”</translation>
    </message>
</context>
<context>
    <name>FindReplaceBar</name>
    <message>
        <source>Find in source</source>
        <translation>在源代码中查找</translation>
    </message>
    <message>
        <source>Replace with</source>
        <translation>替换为</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>Whole words only</source>
        <translation>全字匹配</translation>
    </message>
    <message>
        <source>{number} of {count}</source>
        <translation>第 {number} 项，共 {count} 项</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Find the previous match (Shift+F3)</source>
        <translation>查找上一个匹配项（Shift+F3）</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Find the next match (Enter, F3)</source>
        <translation>查找下一个匹配项（Enter、F3）</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Hide the bar (Esc)</source>
        <translation>隐藏查找栏（Esc）</translation>
    </message>
    <message>
        <source>Replace:</source>
        <translation>替换：</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Replace this match, find the next</source>
        <translation>替换此匹配项，并查找下一个</translation>
    </message>
    <message>
        <source>Replace all</source>
        <translation>全部替换</translation>
    </message>
    <message>
        <source>Replace every match</source>
        <translation>替换所有匹配项</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>无匹配项</translation>
    </message>
    <message>
        <source>1 match</source>
        <translation>1 个匹配项</translation>
    </message>
    <message>
        <source>{count} matches</source>
        <translation>{count} 个匹配项</translation>
    </message>
    <message>
        <source>Replaced {count}</source>
        <translation>已替换 {count} 处</translation>
    </message>
</context>
<context>
    <name>KernelPicker</name>
    <message>
        <source>{name} (1 arg)</source>
        <translation>{name}（1 个参数）</translation>
    </message>
    <message>
        <source>{name} ({count} args)</source>
        <translation>{name}（{count} 个参数）</translation>
    </message>
    <message>
        <source>{label} (stale)</source>
        <translation>{label}（过时）</translation>
    </message>
    <message>
        <source>No kernels yet</source>
        <translation>尚无内核</translation>
    </message>
    <message>
        <source>The source does not build right now: these kernels come from the last build that worked, and running uses that build.</source>
        <translation>源代码目前无法构建：这些内核来自上一次成功的构建，运行时也使用那次构建。</translation>
    </message>
    <message>
        <source>The kernel to run, from the last successful build</source>
        <translation>要运行的内核，来自上一次成功的构建</translation>
    </message>
</context>
<context>
    <name>ProblemsView</name>
    <message>
        <source>No problems</source>
        <translation>没有问题</translation>
    </message>
    <message>
        <source>Errors and warnings from the compiler appear here, with their line and column, and what Run &gt; Check finds. Click one to go to it in the source.</source>
        <translation>编译器给出的错误和警告会连同行号、列号显示在这里，“运行 &gt; 检查”发现的问题也会显示在这里。点击一项即可跳到源代码中的对应位置。</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重性</translation>
    </message>
    <message>
        <source>Line:Col</source>
        <translation>行:列</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>RecoveryStore</name>
    <message>
        <source>not a {format} file</source>
        <translation>不是 {format} 文件</translation>
    </message>
    <message>
        <source>its source is not text</source>
        <translation>其中的源代码不是文本</translation>
    </message>
    <message>
        <source>its session is neither a path nor null</source>
        <translation>其中的会话既不是路径也不是 null</translation>
    </message>
    <message>
        <source>its source parts are not text</source>
        <translation>其中的源代码部分不是文本</translation>
    </message>
    <message>
        <source>cannot lock {path}</source>
        <translation>无法锁定 {path}</translation>
    </message>
    <message>
        <source>Autosave to {path} failed: {error}</source>
        <translation>自动保存到 {path} 失败：{error}</translation>
    </message>
</context>
<context>
    <name>Severity</name>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>附注</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>附注</translation>
    </message>
</context>
</TS>
