<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>DebugDock</name>
    <message>
        <source>Debug</source>
        <translation>调试</translation>
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
    <name>DebugPanel</name>
    <message>
        <source>at a breakpoint</source>
        <translation>在断点处</translation>
    </message>
    <message>
        <source>after a step</source>
        <translation>单步之后</translation>
    </message>
    <message>
        <source>waiting at a barrier</source>
        <translation>在屏障处等待</translation>
    </message>
    <message>
        <source>where Oclgrind found an error</source>
        <translation>在 Oclgrind 发现错误的地方</translation>
    </message>
    <message>
        <source>where it stands</source>
        <translation>在它当前所在的地方</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Step over</source>
        <translation>单步跳过</translation>
    </message>
    <message>
        <source>Step into</source>
        <translation>单步进入</translation>
    </message>
    <message>
        <source>Step out</source>
        <translation>单步跳出</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Not debugging. Set a breakpoint, then Debug.</source>
        <translation>未在调试。请先设置断点，再开始调试。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>Mark</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Running in the simulator…</source>
        <translation>正在模拟器中运行…</translation>
    </message>
    <message>
        <source>Starting kernel &apos;{kernel}&apos; on Oclgrind…</source>
        <translation>正在 Oclgrind 上启动内核“{kernel}”…</translation>
    </message>
    <message>
        <source>The kernel finished; the debug run is over.</source>
        <translation>内核已运行完毕，调试运行结束。</translation>
    </message>
    <message>
        <source>Stopped: the debug run is over.</source>
        <translation>已停止：调试运行结束。</translation>
    </message>
    <message>
        <source>The debug run ended ({stage}): {message}</source>
        <translation>调试运行已结束（{stage}）：{message}</translation>
    </message>
    <message>
        <source>The work-item has finished; Continue runs the others to the end.</source>
        <translation>该工作项已运行完毕；“继续”会把其余工作项运行到结束。</translation>
    </message>
    <message>
        <source>The work-item has not started yet: Continue runs it to a breakpoint.</source>
        <translation>该工作项尚未开始：“继续”会把它运行到断点处。</translation>
    </message>
    <message>
        <source>Paused {reason}, line {line}: {source}</source>
        <translation>已暂停（{reason}），第 {line} 行：{source}</translation>
    </message>
    <message>
        <source>Work-item {global_id}: local id {local_id} in work-group {group_id}</source>
        <translation>工作项 {global_id}：工作组 {group_id} 中的局部 ID {local_id}</translation>
    </message>
    <message>
        <source>At the barrier on line {line}: {arrived} of {total} work-items of the group have arrived.</source>
        <translation>第 {line} 行的屏障：工作组的 {total} 个工作项中已有 {arrived} 个到达。</translation>
    </message>
    <message>
        <source>Not yet: {ids}.</source>
        <translation>尚未到达：{ids}。</translation>
    </message>
    <message>
        <source>Private variables</source>
        <translation>私有变量</translation>
    </message>
    <message>
        <source>__local memory of the work-group</source>
        <translation>工作组的 __local 内存</translation>
    </message>
    <message>
        <source>__global buffers</source>
        <translation>__global 缓冲区</translation>
    </message>
    <message>
        <source>written</source>
        <translation>已写入</translation>
    </message>
    <message>
        <source>this line</source>
        <translation>本行访问</translation>
    </message>
</context>
<context>
    <name>WorkItemPicker</name>
    <message>
        <source>Global id</source>
        <translation>全局 ID</translation>
    </message>
    <message>
        <source>Group and local id</source>
        <translation>工作组和局部 ID</translation>
    </message>
    <message>
        <source>x, y, z</source>
        <translation>x, y, z</translation>
    </message>
    <message>
        <source>group x, y, z</source>
        <translation>工作组 x, y, z</translation>
    </message>
    <message>
        <source>local x, y, z</source>
        <translation>局部 x, y, z</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>切换</translation>
    </message>
    <message>
        <source>Type a global id: x, or x, y, or x, y, z.</source>
        <translation>请输入全局 ID：x，或 x, y，或 x, y, z。</translation>
    </message>
    <message>
        <source>Type a work-group id and a local id: x, y, z each.</source>
        <translation>请输入工作组 ID 和局部 ID，各为 x, y, z。</translation>
    </message>
    <message>
        <source>The local size is not known before the run: type a global id.</source>
        <translation>运行之前还不知道局部大小：请输入全局 ID。</translation>
    </message>
    <message>
        <source>The local id is outside the local size {size}.</source>
        <translation>局部 ID 超出了局部大小 {size}。</translation>
    </message>
</context>
</TS>
