<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>MemoryPicture</name>
    <message>
        <source>element {index}</source>
        <translation>元素 {index}</translation>
    </message>
    <message>
        <source>row {row}, column {column} (element {index})</source>
        <translation>第 {row} 行，第 {column} 列（元素 {index}）</translation>
    </message>
</context>
<context>
    <name>MemoryTab</name>
    <message>
        <source>load</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>store</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>update</source>
        <translation>读改写</translation>
    </message>
    <message>
        <source>Measure memory traffic</source>
        <translation>测量内存访问</translation>
    </message>
    <message>
        <source>Run the last run&apos;s kernel again as an instrumented build that logs every __global and __local access with its work-item</source>
        <translation>以插桩构建再次运行上次运行的内核，记录每次 __global 和 __local 访问及其工作项</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Run the kernel first: the Memory tab measures the last run.</source>
        <translation>请先运行内核：内存页测量上一次运行。</translation>
    </message>
    <message>
        <source>Reads and writes per element</source>
        <translation>每个元素的读写次数</translation>
    </message>
    <message>
        <source>One work-group, step by step</source>
        <translation>单个工作组，逐步播放</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>访问</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Lines per {n} work-items</source>
        <translation>每 {n} 个工作项的缓存行数</translation>
    </message>
    <message>
        <source>Most</source>
        <translation>最多</translation>
    </message>
    <message>
        <source>Buffer:</source>
        <translation>缓冲区：</translation>
    </message>
    <message>
        <source>Work-group:</source>
        <translation>工作组：</translation>
    </message>
    <message>
        <source>Last run: {kernel}. Measure its memory traffic to see it here.</source>
        <translation>上次运行：{kernel}。测量其内存访问后在此查看。</translation>
    </message>
    <message>
        <source>Measuring the memory traffic of {kernel} in a worker of its own…</source>
        <translation>正在独立的工作进程中测量 {kernel} 的内存访问…</translation>
    </message>
    <message>
        <source>{kernel}: not measured. {reason}</source>
        <translation>{kernel}：未测量。{reason}</translation>
    </message>
    <message>
        <source>Measured {kernel} on {device} in {seconds:.1f} s.</source>
        <translation>已在 {device} 上测量 {kernel}，用时 {seconds:.1f} 秒。</translation>
    </message>
    <message>
        <source>The outputs passed the references.</source>
        <translation>输出通过了参考检查。</translation>
    </message>
    <message>
        <source>The outputs failed the references.</source>
        <translation>输出未通过参考检查。</translation>
    </message>
    <message>
        <source>__local</source>
        <translation>__local</translation>
    </message>
    <message>
        <source>Read {reads}, written {writes}. Blue: read (brighter: more often); green: written once; red: written twice or more ({twice}); grey: never touched ({untouched}).</source>
        <translation>读 {reads}，写 {writes}。蓝色：被读取（越亮次数越多）；绿色：写入一次；红色：写入两次或更多（{twice} 个）；灰色：从未访问（{untouched} 个）。</translation>
    </message>
    <message>
        <source>Step 1 of 1: the kernel has no barrier</source>
        <translation>第 1 步，共 1 步：内核没有 barrier</translation>
    </message>
    <message>
        <source>Step 1 of {steps}: up to the first barrier</source>
        <translation>第 1 步，共 {steps} 步：到第一个 barrier 为止</translation>
    </message>
    <message>
        <source>Step {step} of {steps}: after barrier {barrier}</source>
        <translation>第 {step} 步，共 {steps} 步：第 {barrier} 个 barrier 之后</translation>
    </message>
    <message>
        <source>Work-group {group}: each element in the colour of the work-item (by local id) that touched it in this step; grey: touched in an earlier step.</source>
        <translation>工作组 {group}：每个元素显示为本步访问它的工作项的颜色（按局部 ID）；灰色：在之前的步骤中访问过。</translation>
    </message>
    <message>
        <source>{access}: {lines} distinct 64-byte lines per {n} work-items</source>
        <translation>{access}：每 {n} 个工作项涉及 {lines} 个不同的 64 字节缓存行</translation>
    </message>
</context>
</TS>
