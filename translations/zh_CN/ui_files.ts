<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>EmbeddedController</name>
    <message>
        <source>From {file}, the string at line {line}</source>
        <translation>来自 {file} 第 {line} 行的字符串</translation>
    </message>
    <message>
        <source>Element type {dtype}: build options {options}</source>
        <translation>元素类型 {dtype}：编译选项 {options}</translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>Cannot open session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>{path}: CL Studio failed to read it ({error}). The open session is kept; please report this, with the file.</source>
        <translation>{path}：CL Studio 读取失败（{error}）。当前打开的会话保持不变；请报告这个问题，并附上该文件。</translation>
    </message>
    <message>
        <source>{file}: no OpenCL C kernel in its strings.</source>
        <translation>{file}：其字符串中没有 OpenCL C 内核。</translation>
    </message>
    <message>
        <source>Line {line}: a kernel assembled at run time (joined by {joined}).</source>
        <translation>第 {line} 行：在运行时拼接的内核（由 {joined} 连接）。</translation>
    </message>
    <message>
        <source>No kernel found</source>
        <translation>未找到内核</translation>
    </message>
    <message>
        <source>{title} (example)</source>
        <translation>{title}（示例）</translation>
    </message>
    <message>
        <source>Cannot open example</source>
        <translation>无法打开示例</translation>
    </message>
    <message>
        <source>{problem}.

Write the kernel into it anyway?</source>
        <translation>{problem}。

仍要将内核写入该文件吗？</translation>
    </message>
    <message>
        <source>The file changed on disk</source>
        <translation>文件已在磁盘上被修改</translation>
    </message>
    <message>
        <source>Cannot write the kernel back</source>
        <translation>无法写回内核</translation>
    </message>
    <message>
        <source>{file} already holds this kernel</source>
        <translation>{file} 中已是此内核</translation>
    </message>
    <message>
        <source>Wrote the kernel into {file}, the string at line {line}</source>
        <translation>已将内核写入 {file} 第 {line} 行的字符串</translation>
    </message>
    <message>
        <source>Cannot save the source</source>
        <translation>无法保存源代码</translation>
    </message>
    <message>
        <source>Could not save {path}:
{error}</source>
        <translation>无法保存 {path}：
{error}</translation>
    </message>
    <message>
        <source>Saved the kernel source to {path}</source>
        <translation>已将内核源代码保存到 {path}</translation>
    </message>
    <message>
        <source>Cannot save session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <source>Replace a file?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <source>Saving writes the kernel source beside the session, and this file exists:
{names}

It is not this session&apos;s source. Replace it?</source>
        <translation>保存时会把内核源代码写在会话文件旁边，而这个文件已经存在：
{names}

它不是这个会话的源代码。要替换它吗？</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>“{name}” has unsaved changes. Save them first?</source>
        <translation>“{name}”有未保存的更改。要先保存吗？</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <source>CL Studio sessions</source>
        <translation>CL Studio 会话</translation>
    </message>
    <message>
        <source>Sessions and kernels</source>
        <translation>会话和内核</translation>
    </message>
    <message>
        <source>OpenCL C kernels</source>
        <translation>OpenCL C 内核</translation>
    </message>
    <message>
        <source>Kernels in C, C++ or Python files</source>
        <translation>C、C++ 或 Python 文件中的内核</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>所有文件</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Save session as</source>
        <translation>会话另存为</translation>
    </message>
    <message>
        <source>Save kernel source as</source>
        <translation>内核源代码另存为</translation>
    </message>
    <message>
        <source>{kernel} — {file}:{line}</source>
        <translation>{kernel} — {file}:{line}</translation>
    </message>
    <message>
        <source>Choose a kernel</source>
        <translation>选择内核</translation>
    </message>
    <message>
        <source>{file} holds several kernels. Which one should open?</source>
        <translation>{file} 含有多个内核。要打开哪一个？</translation>
    </message>
</context>
<context>
    <name>FileMenus</name>
    <message>
        <source>No recent sessions</source>
        <translation>没有最近的会话</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>The gallery cannot be read: {error}</source>
        <translation>无法读取示例库：{error}</translation>
    </message>
    <message>
        <source>No examples found in {folder}</source>
        <translation>在 {folder} 中没有找到示例</translation>
    </message>
</context>
<context>
    <name>ForeignCaptureImports</name>
    <message>
        <source>A new or empty folder for the sessions of {capture}</source>
        <translation>为 {capture} 的会话选择一个新的或空的文件夹</translation>
    </message>
    <message>
        <source>Importing {capture}…</source>
        <translation>正在导入 {capture}…</translation>
    </message>
    <message>
        <source>Cannot import the capture</source>
        <translation>无法导入捕获</translation>
    </message>
    <message>
        <source>Launch {number}, {kernel}: {reason}</source>
        <translation>启动 {number}，{kernel}：{reason}</translation>
    </message>
    <message>
        <source>Launches not imported</source>
        <translation>未导入的启动</translation>
    </message>
    <message>
        <source>Imported {count} launches into {folder}; {index} lists them</source>
        <translation>已将 {count} 次启动导入 {folder}；{index} 列出了它们</translation>
    </message>
</context>
<context>
    <name>HostFileBar</name>
    <message>
        <source>Element type:</source>
        <translation>元素类型：</translation>
    </message>
    <message>
        <source>The type the host&apos;s -D options give the kernel (f32: float, f16: half); changing it rebuilds the session&apos;s arguments and references</source>
        <translation>主机的 -D 选项传给内核的类型（f32：float，f16：half）；更改它会重建会话的参数和参考结果</translation>
    </message>
    <message>
        <source>Where does it build?</source>
        <translation>在哪里能编译？</translation>
    </message>
</context>
</TS>
