<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>MemoryLesson</name>
    <message>
        <source>Memory traffic: coalescing and reuse</source>
        <translation>内存访问：合并与复用</translation>
    </message>
    <message>
        <source>Measure the naive transpose</source>
        <translation>测量朴素转置</translation>
    </message>
    <message>
        <source>Open File &gt; Open Example &gt; transpose_naive and run it (F5). In the Results area open the Memory tab and press Measure memory traffic: the kernel runs again as an instrumented build that logs every __global and __local access with the work-item that made it, and its outputs are checked as usual.</source>
        <translation>打开“文件 &gt; 打开示例 &gt; transpose_naive”并运行（F5）。在“结果”区域打开“内存”页，按“测量内存访问”：内核会以插桩构建再运行一次，记录每次 __global 和 __local 访问以及发起它的工作项，输出照常检查。</translation>
    </message>
    <message>
        <source>Lines per 16 work-items</source>
        <translation>每 16 个工作项的缓存行数</translation>
    </message>
    <message>
        <source>The table lists each access of the source. For a __global one it gives how many distinct 64-byte lines 16 neighbouring work-items touch in one go: 1 or 2 is coalesced (a GPU serves them in one or two transactions), 16 is the worst. transpose_naive reads a row (1 line) but writes a column: 16 lines, marked in the editor&apos;s gutter on line 19.</source>
        <translation>表格列出源代码中的每次访问。对 __global 访问，它给出 16 个相邻工作项一次访问涉及多少个不同的 64 字节缓存行：1 或 2 表示合并（GPU 用一两次事务完成），16 是最差情况。transpose_naive 读取一行（1 个缓存行），却写入一列：16 个缓存行，编辑器在第 19 行的行号栏中作了标记。</translation>
    </message>
    <message>
        <source>The heatmap</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Reads and writes per element shows each buffer as a picture: blue where elements were read, green where written once, red where written twice or more, grey where never touched. A transpose reads every element of a once and writes every element of out once.</source>
        <translation>“每个元素的读写次数”把每个缓冲区画成一张图：蓝色表示被读取，绿色表示写入一次，红色表示写入两次或更多，灰色表示从未访问。转置把 a 的每个元素读一次，把 out 的每个元素写一次。</translation>
    </message>
    <message>
        <source>One work-group, step by step</source>
        <translation>单个工作组，逐步播放</translation>
    </message>
    <message>
        <source>Open transpose_tiled, run and measure it, and choose One work-group, step by step. Step 1 shows the group copying its tile of a into __local memory, each element in the colour of its work-item; Next goes past the barrier, where the group writes the tile out, row by row. Both its loads and its stores touch 1 line per 16 work-items.</source>
        <translation>打开 transpose_tiled，运行并测量，然后选择“单个工作组，逐步播放”。第 1 步显示工作组把 a 的一块复制到 __local 内存，每个元素显示为其工作项的颜色；“下一步”越过 barrier，工作组逐行把这一块写出去。它的读取和写入都是每 16 个工作项 1 个缓存行。</translation>
    </message>
    <message>
        <source>Reuse in the matrix multiplies</source>
        <translation>矩阵乘法中的复用</translation>
    </message>
    <message>
        <source>Measure matmul_naive and matmul_tiled the same way. The naive kernel reads each value of a and b from __global memory again and again; the tiled one reads each once per tile and then reads the __local copies. The Roofline tab&apos;s measured counts put the same number of operations at a higher intensity for the tiled kernel. Large ranges log a sample of work-groups, and the tab says from how many.</source>
        <translation>用同样的方法测量 matmul_naive 和 matmul_tiled。朴素内核从 __global 内存一遍又一遍地读取 a 和 b 的每个值；分块内核每块只读一次，然后读取 __local 中的副本。屋顶线页的实测计数显示，同样的运算量下分块内核的运算强度更高。范围很大时只记录一部分工作组，页面会说明是多少个。</translation>
    </message>
</context>
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
        <source>Logged {logged:,} of {groups:,} work-groups: elements only the others touch show as never touched.</source>
        <translation>记录了 {groups:,} 个工作组中的 {logged:,} 个：只被其他工作组访问的元素显示为从未访问。</translation>
    </message>
    <message>
        <source>Every work-group logged ({groups:,}).</source>
        <translation>记录了全部工作组（{groups:,} 个）。</translation>
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
        <source>In work-group {group}: </source>
        <translation>工作组 {group} 内：</translation>
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
