<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CheckMode</name>
    <message>
        <source>Not checked: {reason}</source>
        <translation>未检查：{reason}</translation>
    </message>
    <message>
        <source>Stopping the check…</source>
        <translation>正在停止检查…</translation>
    </message>
    <message>
        <source>Check needs Oclgrind</source>
        <translation>检查需要 Oclgrind</translation>
    </message>
    <message>
        <source>Check did not run: {reason}</source>
        <translation>检查没有运行：{reason}</translation>
    </message>
    <message>
        <source>Check: {coverage}</source>
        <translation>检查：{coverage}</translation>
    </message>
    <message>
        <source>Check: Oclgrind stopped reporting after its limit, so the counts are minimums</source>
        <translation>检查：Oclgrind 达到上限后停止了报告，因此这些计数只是最小值</translation>
    </message>
    <message>
        <source>Check: no problems found on Oclgrind</source>
        <translation>检查：在 Oclgrind 上没有发现问题</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>崩溃</translation>
    </message>
    <message>
        <source>did not run ({stage} error)</source>
        <translation>没有运行（{stage} 错误）</translation>
    </message>
    <message>
        <source>no problems found</source>
        <translation>没有发现问题</translation>
    </message>
    <message>
        <source>1 problem found: see Problems</source>
        <translation>发现 1 个问题：请查看“问题”</translation>
    </message>
    <message>
        <source>{count} problems found: see Problems</source>
        <translation>发现 {count} 个问题：请查看“问题”</translation>
    </message>
</context>
<context>
    <name>DebugMode</name>
    <message>
        <source>No breakpoint set: the kernel runs to its end.</source>
        <translation>未设置断点：内核将一直运行到结束。</translation>
    </message>
    <message>
        <source>Not debugged: {reason}</source>
        <translation>未调试：{reason}</translation>
    </message>
    <message>
        <source>Debug needs Oclgrind</source>
        <translation>调试需要 Oclgrind</translation>
    </message>
</context>
<context>
    <name>HostCodeController</name>
    <message>
        <source>No host code yet</source>
        <translation>还没有主机代码</translation>
    </message>
    <message>
        <source>Build the kernel (Ctrl+B): the host program needs the types of its arguments.</source>
        <translation>请先构建内核（Ctrl+B）：主机程序需要知道它的参数类型。</translation>
    </message>
    <message>
        <source>No host code for this session</source>
        <translation>这个会话没有主机代码</translation>
    </message>
    <message>
        <source>Export host code</source>
        <translation>导出主机代码</translation>
    </message>
    <message>
        <source>Cannot export host code</source>
        <translation>无法导出主机代码</translation>
    </message>
    <message>
        <source>Exported the host program to {folder}</source>
        <translation>已把主机程序导出到 {folder}</translation>
    </message>
    <message>
        <source>Exported the host program to {folder}.</source>
        <translation>已把主机程序导出到 {folder}。</translation>
    </message>
    <message>
        <source>To run the Python program (with the Python that has pyopencl):</source>
        <translation>运行 Python 程序（用装有 pyopencl 的 Python）：</translation>
    </message>
    <message>
        <source>To build and run the C program:</source>
        <translation>构建并运行 C 程序：</translation>
    </message>
    <message>
        <source>Host code exported</source>
        <translation>主机代码已导出</translation>
    </message>
    <message>
        <source>Folder not empty</source>
        <translation>文件夹不是空的</translation>
    </message>
    <message>
        <source>“{folder}” holds files already. Export into it anyway? Files with the export&apos;s names ({main_file}, the kernel, its data) are replaced; other files stay.</source>
        <translation>“{folder}”里已经有文件。仍然导出到这里吗？与导出文件同名的文件（{main_file}、内核及其数据）会被替换；其他文件保持不变。</translation>
    </message>
</context>
<context>
    <name>StepMode</name>
    <message>
        <source>Not stepped: {problem}</source>
        <translation>未执行单步：{problem}</translation>
    </message>
    <message>
        <source>The session changed: stepping starts again at step 1</source>
        <translation>会话已更改：单步执行将从第 1 步重新开始</translation>
    </message>
    <message>
        <source>Stopping the step…</source>
        <translation>正在停止这一步…</translation>
    </message>
    <message>
        <source>Step {number} failed: {why}</source>
        <translation>第 {number} 步失败：{why}</translation>
    </message>
</context>
</TS>
