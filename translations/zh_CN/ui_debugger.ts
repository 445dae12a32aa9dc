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
    <name>DebugLesson</name>
    <message>
        <source>Debugging the reduction</source>
        <translation>调试归约内核</translation>
    </message>
    <message>
        <source>Open the kernel and set a breakpoint</source>
        <translation>打开内核并设置断点</translation>
    </message>
    <message>
        <source>Open File &gt; Open Example &gt; reduction. The kernel sums each work-group&apos;s values in scratch, a __local array of one float per work-item. Click the gutter left of line 26, if (lid &lt; stride), or put the cursor there and press F9: a red dot marks the breakpoint.</source>
        <translation>选择“文件 &gt; 打开示例 &gt; reduction”。该内核在 scratch 中对每个工作组的值求和，scratch 是每个工作项各占一个 float 的 __local 数组。单击第 26 行 if (lid &lt; stride) 左侧的行号栏，或把光标放在该行并按 F9：红点表示断点。</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>调试</translation>
    </message>
    <message>
        <source>Choose Run &gt; Debug / Continue (F8). The session runs on the Oclgrind simulator and work-item 0 pauses at line 26, marked in the editor. The Debug dock shows its ids, its private variables (lid = 0, stride = 128 for groups of 256) and the group&apos;s scratch array.</source>
        <translation>选择“运行 &gt; 调试 / 继续”（F8）。会话在 Oclgrind 模拟器上运行，工作项 0 在第 26 行暂停，编辑器中会标出该行。调试面板显示它的各个 id、私有变量（工作组大小为 256 时 lid = 0，stride = 128）以及该工作组的 scratch 数组。</translation>
    </message>
    <message>
        <source>Why stride halves</source>
        <translation>stride 为何减半</translation>
    </message>
    <message>
        <source>Press F8 again: the next round pauses with stride = 64. In each round the first half of the still-active work-items adds the value of a partner stride away, so the values to add halve, and so does stride. The dock marks the elements written since the last stop: scratch[0] to scratch[127] in round one. After log2(local size) rounds scratch[0] holds the group&apos;s sum. Step over (F10) shows the addition itself; the element it touches is marked this line.</source>
        <translation>再按一次 F8：下一轮在 stride = 64 时暂停。每一轮中，仍在工作的工作项的前一半把相距 stride 的伙伴的值加到自己的元素上，所以待加的值减半，stride 也随之减半。面板会标出自上次暂停以来写入的元素：第一轮是 scratch[0] 到 scratch[127]。经过 log2(局部大小) 轮后，scratch[0] 中就是该工作组的和。单步跳过（F10）可以看到加法本身；本行访问的元素标为“本行访问”。</translation>
    </message>
    <message>
        <source>Other work-items and the barrier</source>
        <translation>其他工作项与屏障</translation>
    </message>
    <message>
        <source>Type a work-group and a local id (or a global id) in the dock and press Switch to follow another work-item. At the barrier on line 28 the dock says how many work-items of the group have arrived: none goes on to the next round before all have finished this one, so every partner&apos;s value is ready.</source>
        <translation>在面板中输入工作组和局部 id（或全局 id），按“切换”即可跟踪另一个工作项。在第 28 行的屏障处，面板会显示该工作组已有多少个工作项到达：所有工作项都完成本轮之前，没有一个会进入下一轮，因此每个伙伴的值都已就绪。</translation>
    </message>
    <message>
        <source>What a missing barrier does to scratch[]</source>
        <translation>缺少屏障时 scratch[] 会怎样</translation>
    </message>
    <message>
        <source>Comment out the barrier on line 28 and debug again. Oclgrind runs one work-item at a time, as far as it can go before a barrier: work-item 0 now runs all its rounds before its partners have run any, and adds values of scratch[] from before their additions. The group&apos;s sum is wrong. On a GPU the outcome would depend on timing; the debugger shows it every time, and Run &gt; Check names it a data race on scratch.</source>
        <translation>把第 28 行的屏障注释掉，再调试一次。Oclgrind 一次运行一个工作项，一直运行到遇到屏障为止：现在工作项 0 会在伙伴们一轮都还没运行之前就跑完所有轮次，加上的是伙伴们相加之前的 scratch[] 旧值。工作组的和因此是错的。在 GPU 上结果取决于时序；调试器每次都能重现，而“运行 &gt; 检查”会把它报告为 scratch 上的数据竞争。</translation>
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
        <source>Not debugging. Set a breakpoint, type the work-item to follow in the field beside the buttons (0 when left empty), then Debug (F8).</source>
        <translation>未在调试。请设置断点，在按钮旁的输入框中输入要跟踪的工作项（留空则为 0），再开始调试（F8）。</translation>
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
        <source>Follow this work-item from where it stands</source>
        <translation>从这个工作项当前所在的位置开始跟踪它</translation>
    </message>
    <message>
        <source>Debug this work-item</source>
        <translation>调试这个工作项</translation>
    </message>
    <message>
        <source>Start a debug run that follows this work-item (0 when left empty)</source>
        <translation>开始一次跟踪这个工作项的调试运行（留空则为 0）</translation>
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
        <source>The session lets the driver choose the local size: type a global id.</source>
        <translation>会话让驱动程序选择局部大小：请输入全局 ID。</translation>
    </message>
    <message>
        <source>The local id is outside the local size {size}.</source>
        <translation>局部 ID 超出了局部大小 {size}。</translation>
    </message>
</context>
</TS>
