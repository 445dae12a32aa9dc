<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export host code</source>
        <translation>导出主机代码</translation>
    </message>
    <message>
        <source>Python and C (into python/ and c/)</source>
        <translation>Python 和 C（分别写入 python/ 和 c/）</translation>
    </message>
    <message>
        <source>a folder; a new one is created</source>
        <translation>一个文件夹；不存在时会新建</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Write the host program in:</source>
        <translation>主机程序所用的语言：</translation>
    </message>
    <message>
        <source>Into the folder:</source>
        <translation>写入文件夹：</translation>
    </message>
    <message>
        <source>Export host code into folder</source>
        <translation>把主机代码导出到文件夹</translation>
    </message>
</context>
<context>
    <name>HostCodePanel</name>
    <message>
        <source>No host code yet</source>
        <translation>还没有主机代码</translation>
    </message>
    <message>
        <source>The language of the host program</source>
        <translation>主机程序的语言</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Write this program, its kernel and its data to a folder</source>
        <translation>把这个程序、它的内核和数据写到一个文件夹</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>Choose a step to see its lines</source>
        <translation>选择一个步骤，查看它对应的代码行</translation>
    </message>
    <message>
        <source>Step {number}: {title}, lines {first}–{last}</source>
        <translation>步骤 {number}：{title}，第 {first}–{last} 行</translation>
    </message>
</context>
</TS>
