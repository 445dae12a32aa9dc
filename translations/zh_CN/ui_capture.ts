<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CaptureCommands</name>
    <message>
        <source>Open capture</source>
        <translation>打开捕获</translation>
    </message>
    <message>
        <source>Captures ({name})</source>
        <translation>捕获 ({name})</translation>
    </message>
    <message>
        <source>Cannot open capture</source>
        <translation>无法打开捕获</translation>
    </message>
</context>
<context>
    <name>CaptureDialog</name>
    <message>
        <source>Capture a program</source>
        <translation>捕获程序</translation>
    </message>
    <message>
        <source>python train.py --epochs 2</source>
        <translation>python train.py --epochs 2</translation>
    </message>
    <message>
        <source>Your program, as you run it in a terminal</source>
        <translation>你的程序，就像在终端里运行它那样</translation>
    </message>
    <message>
        <source>A new or empty folder, in the working folder unless a full path</source>
        <translation>一个新的或空的文件夹；除非写完整路径，否则位于工作文件夹中</translation>
    </message>
    <message>
        <source>every kernel</source>
        <translation>所有内核</translation>
    </message>
    <message>
        <source>Capture only these kernels: names, separated by spaces</source>
        <translation>只捕获这些内核：名称之间用空格分隔</translation>
    </message>
    <message>
        <source>How many launches of each kernel are captured, from its first</source>
        <translation>每个内核从第一次启动起捕获多少次启动</translation>
    </message>
    <message>
        <source>Nothing captured yet.</source>
        <translation>尚未捕获任何内容。</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>捕获</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Open capture</source>
        <translation>打开捕获</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation>工作文件夹</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>输出文件夹</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>First launches of each kernel</source>
        <translation>每个内核的前几次启动</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <source>The command cannot be read: {problem}</source>
        <translation>无法解析该命令：{problem}</translation>
    </message>
    <message>
        <source>Type the command that runs your program.</source>
        <translation>请输入运行你的程序的命令。</translation>
    </message>
    <message>
        <source>The working folder {folder} is not a folder.</source>
        <translation>工作文件夹 {folder} 不是一个文件夹。</translation>
    </message>
    <message>
        <source>Name the output folder, new or empty.</source>
        <translation>请指定输出文件夹（新的或空的）。</translation>
    </message>
    <message>
        <source>Running the program…</source>
        <translation>正在运行程序…</translation>
    </message>
    <message>
        <source>Launch {number}, {kernel}{place}{time}: captured</source>
        <translation>启动 {number}，{kernel}{place}{time}：已捕获</translation>
    </message>
    <message>
        <source>Launch {number}, {kernel}{place}{time}: not captured, {why}</source>
        <translation>启动 {number}，{kernel}{place}{time}：未捕获，{why}</translation>
    </message>
    <message>
        <source>The program ended with status {status}: 1 launch, {captured} captured, in {folder}.</source>
        <translation>程序以状态 {status} 结束：共 1 次启动，已捕获 {captured} 次，保存在 {folder}。</translation>
    </message>
    <message>
        <source>The program ended with status {status}: {count} launches, {captured} captured, in {folder}.</source>
        <translation>程序以状态 {status} 结束：共 {count} 次启动，已捕获 {captured} 次，保存在 {folder}。</translation>
    </message>
</context>
<context>
    <name>CaptureList</name>
    <message>
        <source>Capture of {command}</source>
        <translation>{command} 的捕获</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Call site</source>
        <translation>调用位置</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Captured</source>
        <translation>已捕获</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>1 launch, {captured} captured. Open it to run, check, debug or measure it.</source>
        <translation>共 1 次启动，已捕获 {captured} 次。打开它即可运行、检查、调试或测量它。</translation>
    </message>
    <message>
        <source>{count} launches, {captured} captured. Open one to run, check, debug or measure it.</source>
        <translation>共 {count} 次启动，已捕获 {captured} 次。打开其中一次即可运行、检查、调试或测量它。</translation>
    </message>
    <message>
        <source>The program had not ended when this list was written.</source>
        <translation>写入此列表时程序尚未结束。</translation>
    </message>
    <message>
        <source>The program ended with status {status}.</source>
        <translation>程序以状态 {status} 结束。</translation>
    </message>
    <message>
        <source>Whole program: {detail}</source>
        <translation>整个程序：{detail}</translation>
    </message>
    <message>
        <source>the {count} captured launches, in order</source>
        <translation>按顺序的 {count} 次已捕获启动</translation>
    </message>
    <message>
        <source>Whole program</source>
        <translation>整个程序</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
</context>
</TS>
