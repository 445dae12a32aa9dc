<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ArrayTableModel</name>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>index {index}, {field}: {value}</source>
        <translation>索引 {index}，{field}：{value}</translation>
    </message>
    <message>
        <source>index {index}: {value}</source>
        <translation>索引 {index}：{value}</translation>
    </message>
</context>
<context>
    <name>BufferViewer</name>
    <message>
        <source>Line</source>
        <translation>折线图</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>图像</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>直方图</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Lane:</source>
        <translation>分量：</translation>
    </message>
    <message>
        <source>Which component of the vector type to show</source>
        <translation>要显示向量类型的哪个分量</translation>
    </message>
    <message>
        <source>index {index}: {value}</source>
        <translation>索引 {index}：{value}</translation>
    </message>
    <message>
        <source>lane</source>
        <translation>分量</translation>
    </message>
    <message>
        <source>index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>colour (RGBA)</source>
        <translation>彩色（RGBA）</translation>
    </message>
    <message>
        <source>all lanes</source>
        <translation>全部分量</translation>
    </message>
    <message>
        <source>Channel:</source>
        <translation>通道：</translation>
    </message>
</context>
<context>
    <name>ConsolePanel</name>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>{kernel} on {device}</source>
        <translation>{kernel}（{device}）</translation>
    </message>
    <message>
        <source>ok, 1 launch</source>
        <translation>成功，启动 1 次</translation>
    </message>
    <message>
        <source>ok, {count} launches</source>
        <translation>成功，启动 {count} 次</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>… {count} more characters not shown</source>
        <translation>… 还有 {count} 个字符未显示</translation>
    </message>
    <message>
        <source>Nothing printed yet</source>
        <translation>尚无打印输出</translation>
    </message>
    <message>
        <source>Run a kernel (Ctrl+R) to see what it prints with printf, and how each run ended.</source>
        <translation>运行内核（Ctrl+R）即可查看它用 printf 打印的内容，以及每次运行如何结束。</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>printf output of each run, newest at the bottom</source>
        <translation>每次运行的 printf 输出，最新的在最下面</translation>
    </message>
    <message>
        <source>(the kernel printed nothing)</source>
        <translation>（内核没有打印任何内容）</translation>
    </message>
</context>
<context>
    <name>ErrorBanner</name>
    <message>
        <source>Check mode (Run &gt; Check) runs the kernel once on the Oclgrind simulator, which names the line of an out-of-bounds access, a data race, a barrier only some work-items reach, or an uninitialised value.</source>
        <translation>检查模式（运行 &gt; 检查）在 Oclgrind 模拟器上运行一次内核，它会指出越界访问、数据竞争、只有部分工作项到达的屏障或未初始化的值所在的行。</translation>
    </message>
    <message>
        <source>Check this kernel</source>
        <translation>检查此内核</translation>
    </message>
</context>
<context>
    <name>HistogramView</name>
    <message>
        <source>count</source>
        <translation>个数</translation>
    </message>
    <message>
        <source>value ({count} NaN or infinite left out)</source>
        <translation>值（略去了 {count} 个 NaN 或无穷大）</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>value {value}: 1 element</source>
        <translation>值 {value}：1 个元素</translation>
    </message>
    <message>
        <source>value {value}: {count} elements</source>
        <translation>值 {value}：{count} 个元素</translation>
    </message>
    <message>
        <source>values from {low} to {high}: 1 element</source>
        <translation>{low} 到 {high} 之间的值：1 个元素</translation>
    </message>
    <message>
        <source>values from {low} to {high}: {count} elements</source>
        <translation>{low} 到 {high} 之间的值：{count} 个元素</translation>
    </message>
</context>
<context>
    <name>ImageView</name>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>{row_axis} {row}, {column_axis} {column}: {value}</source>
        <translation>{row_axis} {row}，{column_axis} {column}：{value}</translation>
    </message>
</context>
<context>
    <name>KernelSharesTable</name>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>min {min}, max {max}, standard deviation {std}</source>
        <translation>最小 {min}，最大 {max}，标准差 {std}</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Each kernel of the program over all its launches, iterations and repeats, and its share of the device time of every kernel launched</source>
        <translation>程序中每个内核在其所有启动、迭代和重复上的统计，以及它占全部内核设备时间的比例</translation>
    </message>
</context>
<context>
    <name>LaunchPicker</name>
    <message>
        <source>Show the buffers as the whole program left them, or as one launch of its first iteration did</source>
        <translation>显示整个程序结束时的缓冲区，或程序第一次迭代中某次启动之后的缓冲区</translation>
    </message>
    <message>
        <source>after the program</source>
        <translation>程序结束后</translation>
    </message>
    <message>
        <source>after launch {position} of {count} ({kernel})</source>
        <translation>第 {position} 次启动之后（共 {count} 次，{kernel}）</translation>
    </message>
    <message>
        <source>As launch {position} of {count} ({kernel}) left it in the first iteration; its reference judges the program&apos;s final outputs, so none is checked here.</source>
        <translation>这是第 {position} 次启动（共 {count} 次，{kernel}）在第一次迭代中留下的样子；它的参考值检查的是程序的最终输出，所以这里不做检查。</translation>
    </message>
</context>
<context>
    <name>LineView</name>
    <message>
        <source>element index</source>
        <translation>元素索引</translation>
    </message>
    <message>
        <source>index {index} ({lane}): {value}</source>
        <translation>索引 {index}（{lane}）：{value}</translation>
    </message>
    <message>
        <source>index {index}: {value}</source>
        <translation>索引 {index}：{value}</translation>
    </message>
    <message>
        <source>value ({lane})</source>
        <translation>值（{lane}）</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>OutputsPanel</name>
    <message>
        <source>result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>initial contents</source>
        <translation>初始内容</translation>
    </message>
    <message>
        <source>No reference for &apos;{name}&apos; yet: type one below to check its values.</source>
        <translation>“{name}”还没有参考结果：在下方输入一个，即可检查它的值。</translation>
    </message>
    <message>
        <source>The contents of &apos;{name}&apos; before the first launch.</source>
        <translation>“{name}”在第一次启动前的内容。</translation>
    </message>
    <message>
        <source>max abs error {error}</source>
        <translation>最大绝对误差 {error}</translation>
    </message>
    <message>
        <source>max rel error {error}</source>
        <translation>最大相对误差 {error}</translation>
    </message>
    <message>
        <source>Reference check passed</source>
        <translation>参考结果检查通过</translation>
    </message>
    <message>
        <source>Reference check FAILED</source>
        <translation>参考结果检查未通过</translation>
    </message>
    <message>
        <source>Could not save {path}: {error}</source>
        <translation>无法保存 {path}：{error}</translation>
    </message>
    <message>
        <source>No outputs yet</source>
        <translation>尚无输出</translation>
    </message>
    <message>
        <source>Run a kernel (Ctrl+R) to see every buffer it read and wrote, as plots, images and tables, checked against their reference expressions.</source>
        <translation>运行内核（Ctrl+R）即可以图表、图像和表格查看它读写的每个缓冲区，并与各自的参考表达式核对。</translation>
    </message>
    <message>
        <source>Show worst element</source>
        <translation>显示误差最大的元素</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; started uninitialised (no host data): the values the kernel did not write are undefined.</source>
        <translation>&apos;{name}&apos; 一开始未初始化（没有主机数据）：内核没有写入的值是未定义的。</translation>
    </message>
    <message>
        <source>A buffer of structs saves as .npy; save each of its fields ({name}.{field}) as CSV</source>
        <translation>结构体缓冲区只能存为 .npy；要存 CSV，请逐个保存它的字段（{name}.{field}）</translation>
    </message>
    <message>
        <source>Jump to the element farthest from its reference value</source>
        <translation>跳到离参考值最远的元素</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save this buffer as .npy (for numpy) or .csv</source>
        <translation>将此缓冲区保存为 .npy（供 numpy 使用）或 .csv</translation>
    </message>
    <message>
        <source>This run produced no buffers to show: it stopped before any were created.</source>
        <translation>这次运行没有可显示的缓冲区：它在创建任何缓冲区之前就停止了。</translation>
    </message>
    <message>
        <source>Saving {name}…</source>
        <translation>正在保存 {name}…</translation>
    </message>
    <message>
        <source>⚠ Out-of-bounds write: {message}</source>
        <translation>⚠ 越界写入：{message}</translation>
    </message>
    <message>
        <source>⚠ Out-of-bounds write caught by the guard bands: {message}</source>
        <translation>⚠ 保护带捕获到越界写入：{message}</translation>
    </message>
    <message>
        <source>Export {title}</source>
        <translation>导出 {title}</translation>
    </message>
    <message>
        <source>NumPy array (*.npy);;CSV table (*.csv)</source>
        <translation>NumPy 数组 (*.npy);;CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>Saved {name}</source>
        <translation>已保存 {name}</translation>
    </message>
    <message>
        <source>Could not save {path}:
{details}</source>
        <translation>无法保存 {path}：
{details}</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>PlotStyle</name>
    <message>
        <source>Host → device</source>
        <translation>主机 → 设备</translation>
    </message>
    <message>
        <source>Filled on the device</source>
        <translation>在设备上填充</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Device → host</source>
        <translation>设备 → 主机</translation>
    </message>
    <message>
        <source>Could not draw these values: {error} (hover for details)</source>
        <translation>无法绘制这些值：{error}（悬停查看详情）</translation>
    </message>
</context>
<context>
    <name>PortabilityTab</name>
    <message>
        <source>Build on every device</source>
        <translation>在每个设备上编译</translation>
    </message>
    <message>
        <source>Build the kernel with its options on each device found, and say why not</source>
        <translation>用内核的编译选项在找到的每个设备上编译，并说明无法编译的原因</translation>
    </message>
    <message>
        <source>Where does this kernel build? Build it on every device to find out.</source>
        <translation>这个内核能在哪里编译？在每个设备上编译一次即可知道。</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Builds</source>
        <translation>能否编译</translation>
    </message>
    <message>
        <source>Why not</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Building on every device…</source>
        <translation>正在每个设备上编译…</translation>
    </message>
    <message>
        <source>{kernel} builds on {count} of {total} devices (options: {options})</source>
        <translation>{kernel} 可在 {total} 个设备中的 {count} 个上编译（选项：{options}）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>builds</source>
        <translation>可以编译</translation>
    </message>
    <message>
        <source>does not build</source>
        <translation>无法编译</translation>
    </message>
    <message>
        <source>Way round: {way}</source>
        <translation>变通办法：{way}</translation>
    </message>
    <message>
        <source>line {line}: {message}</source>
        <translation>第 {line} 行：{message}</translation>
    </message>
</context>
<context>
    <name>ReferenceEditor</name>
    <message>
        <source>numpy over the arguments, e.g. a + b (a buffer means its initial contents)</source>
        <translation>基于参数的 numpy 表达式，例如 a + b（缓冲区代表其初始内容）</translation>
    </message>
    <message>
        <source>{name} must be a number of 0 or more, like 1e-5; got &apos;{text}&apos;</source>
        <translation>{name} 必须是不小于 0 的数，例如 1e-5；实际输入为“{text}”</translation>
    </message>
    <message>
        <source>Type an expression: {hint}</source>
        <translation>请输入表达式：{hint}</translation>
    </message>
    <message>
        <source>The expression fails: {error}</source>
        <translation>表达式有误：{error}</translation>
    </message>
    <message>
        <source>{name}: an element passes when |got - expected| &lt;= atol + rtol × |expected|</source>
        <translation>{name}：当 |got - expected| &lt;= atol + rtol × |expected| 时，元素通过检查</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Check this output against nothing</source>
        <translation>不再检查此输出</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考结果</translation>
    </message>
    <message>
        <source>Checked against the golden file {file}; an expression typed here takes its place.</source>
        <translation>正在与基准文件 {file} 核对；在此输入的表达式将取代它。</translation>
    </message>
</context>
<context>
    <name>RepeatPlot</name>
    <message>
        <source>repeat</source>
        <translation>重复序号</translation>
    </message>
    <message>
        <source>kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>Kernel time of each repeat</source>
        <translation>每次重复的内核时间</translation>
    </message>
    <message>
        <source>This run timed no repeat: the lines are of earlier runs, as ticked</source>
        <translation>这次运行没有计时任何一次重复：图中的线是勾选的较早运行</translation>
    </message>
</context>
<context>
    <name>ResultsPanel</name>
    <message>
        <source>Timings</source>
        <translation>计时</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>屋顶线模型</translation>
    </message>
    <message>
        <source>Local size</source>
        <translation>局部大小</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>控制台</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Build log</source>
        <translation>构建日志</translation>
    </message>
    <message>
        <source>Runtime steps</source>
        <translation>运行时步骤</translation>
    </message>
    <message>
        <source>Running {kernel}: 1 repeat, time limit {limit} s</source>
        <translation>正在运行 {kernel}：重复 1 次，时间限制 {limit} 秒</translation>
    </message>
    <message>
        <source>Running {kernel}: {count} repeats, time limit {limit} s</source>
        <translation>正在运行 {kernel}：重复 {count} 次，时间限制 {limit} 秒</translation>
    </message>
    <message>
        <source>Problems ({count})</source>
        <translation>问题（{count}）</translation>
    </message>
</context>
<context>
    <name>RooflineLesson</name>
    <message>
        <source>The roofline</source>
        <translation>屋顶线模型</translation>
    </message>
    <message>
        <source>Measure the device&apos;s peaks</source>
        <translation>测量设备的峰值</translation>
    </message>
    <message>
        <source>The roofs are the device&apos;s measured limits: its memory bandwidth and its arithmetic speed. Open the Roofline tab in the Results area and press Measure peaks once per device; without them the chart draws no roof. On the command line, clstudio peaks measures the same figures.</source>
        <translation>“屋顶”是设备实测的上限：内存带宽和运算速度。在结果区打开“屋顶线模型”选项卡，每个设备按一次“测量峰值”；没有峰值，图上就不画屋顶。在命令行上，clstudio peaks 测量的是同样的数值。</translation>
    </message>
    <message>
        <source>Where a run sits</source>
        <translation>一次运行的位置</translation>
    </message>
    <message>
        <source>Each run is a dot: across, its arithmetic intensity (operations per byte moved to and from buffers); up, the operations per second it reached. Under the sloped roof a kernel is limited by memory, under the flat one by arithmetic. The verdict under the chart says which, and how far below the roof the run is.</source>
        <translation>每次运行是一个点：横轴是它的算术强度（每读写缓冲区一个字节所做的运算次数），纵轴是它达到的每秒运算次数。位于斜屋顶之下的内核受内存限制，位于平屋顶之下的受运算限制。图下方的结论会说明是哪一种，以及这次运行离屋顶还有多远。</translation>
    </message>
    <message>
        <source>Count the operations</source>
        <translation>统计运算量</translation>
    </message>
    <message>
        <source>By default the chart takes the operations per work-item typed beside it (1 suits element-wise kernels). Press Measure operations to count what the latest run&apos;s session really executed, on the Oclgrind simulator; from then on the runs of that session sit where the measured operations and global bytes put them.</source>
        <translation>默认情况下，图表使用旁边填写的每个工作项的运算次数（逐元素内核填 1 即可）。按“测量运算量”，会在 Oclgrind 模拟器上统计最近一次运行的会话实际执行了多少运算；此后该会话的各次运行都按实测的运算量和全局内存字节数定位。</translation>
    </message>
    <message>
        <source>Compare two kernels</source>
        <translation>比较两个内核</translation>
    </message>
    <message>
        <source>Run the gallery&apos;s matmul_naive, then matmul_tiled, and measure the operations of each. Compare with keeps an earlier run of the same device as a fainter dot, so the tiling shows as a move on the chart: the same operations at a higher intensity. For a program of several kernels, the Kernel picker places the launches of one kernel alone.</source>
        <translation>先运行示例库中的 matmul_naive，再运行 matmul_tiled，并分别测量运算量。“对比”会把同一设备上较早的一次运行留作一个较淡的点，于是分块的效果在图上表现为点的移动：运算量相同，算术强度更高。对于包含多个内核的程序，可用“内核”选择器只按其中一个内核的各次启动来定位。</translation>
    </message>
</context>
<context>
    <name>RooflinePanel</name>
    <message>
        <source>No roofline yet</source>
        <translation>尚无 屋顶线模型</translation>
    </message>
    <message>
        <source>Run a kernel (Ctrl+R) to see how close it comes to this device&apos;s memory bandwidth and compute limits.</source>
        <translation>运行内核（Ctrl+R）即可查看它离此设备的内存带宽上限和计算能力上限有多近。</translation>
    </message>
    <message>
        <source>Measure peaks</source>
        <translation>测量峰值</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>对比：</translation>
    </message>
    <message>
        <source>An earlier run on the same device, drawn fainter beside the latest</source>
        <translation>同一设备上较早的一次运行，以较淡的颜色画在最新一次旁边</translation>
    </message>
    <message>
        <source>Arithmetic operations one work-item does (a multiply-add counts 2): 1 for vector_add, 2 × K for a matrix multiply with inner size K.</source>
        <translation>一个工作项执行的算术运算次数（一次乘加算 2 次）：vector_add 为 1，内维为 K 的矩阵乘法为 2 × K。</translation>
    </message>
    <message>
        <source>Measure operations</source>
        <translation>测量运算量</translation>
    </message>
    <message>
        <source>Run the latest session once on the Oclgrind simulator and count the floating-point operations and bytes it executed (a sample of work-groups for a large range)</source>
        <translation>在 Oclgrind 模拟器上把最近的会话运行一次，统计实际执行的浮点运算和字节数（范围很大时只取部分工作组作样本）</translation>
    </message>
    <message>
        <source>Stop measuring</source>
        <translation>停止测量</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <source>The kernel of the program to place: its launches&apos; work, bytes and time</source>
        <translation>要放到图上的程序内核：按它各次启动的工作量、字节数和时间</translation>
    </message>
    <message>
        <source>Operations per work-item:</source>
        <translation>每个工作项的运算次数：</translation>
    </message>
    <message>
        <source>Counting on Oclgrind…</source>
        <translation>正在 Oclgrind 上计数…</translation>
    </message>
    <message>
        <source>Not measured: {reason}</source>
        <translation>未测量：{reason}</translation>
    </message>
    <message>
        <source>no earlier run</source>
        <translation>不对比</translation>
    </message>
    <message>
        <source>{bytes} bytes moved by the buffers, {work_items} work-items × {ops} operations</source>
        <translation>缓冲区传输 {bytes} 字节，{work_items} 个工作项 × {ops} 次运算</translation>
    </message>
    <message>
        <source>This run moved no buffer bytes, so it has no intensity.</source>
        <translation>这次运行没有传输缓冲区数据，因此没有运算强度。</translation>
    </message>
    <message>
        <source>{gflop_s} GFLOP/s at {intensity} operations per byte. No measured peaks for {device} yet, so no roof is drawn: a roof from a data sheet would be a guess. Measure them (about half a minute) to see which limit binds.</source>
        <translation>{gflop_s} GFLOP/s，运算强度为每字节 {intensity} 次运算。{device} 还没有实测的峰值，因此不画屋顶线：按数据手册画出的屋顶线只是猜测。测量峰值（约半分钟）即可看出是哪个上限在起约束作用。</translation>
    </message>
    <message>
        <source>this device</source>
        <translation>此设备</translation>
    </message>
    <message>
        <source>Kernel {kernel}, its launches alone: {verdict}</source>
        <translation>内核 {kernel}（仅计其各次启动）：{verdict}</translation>
    </message>
    <message>
        <source>Operations not measured: the chart uses the number stated above.</source>
        <translation>运算量未测量：图中使用上面填写的数字。</translation>
    </message>
    <message>
        <source>Measured on Oclgrind: {flops} floating-point operations, {bytes} bytes of global memory (stated: {stated} operations)</source>
        <translation>在 Oclgrind 上实测：{flops} 次浮点运算，{bytes} 字节全局内存（填写值：{stated} 次运算）</translation>
    </message>
    <message>
        <source>; on Oclgrind the outputs failed the references (see Check mode)</source>
        <translation>；在 Oclgrind 上输出未通过参考值检查（见检查模式）</translation>
    </message>
</context>
<context>
    <name>RooflinePlot</name>
    <message>
        <source>arithmetic intensity (operations per byte)</source>
        <translation>运算强度（每字节运算次数）</translation>
    </message>
    <message>
        <source>Roofline: your kernel under the device&apos;s measured limits</source>
        <translation>屋顶线模型：你的内核与设备的实测上限</translation>
    </message>
    <message>
        <source>Roofline: kernel {kernel} under the device&apos;s measured limits</source>
        <translation>屋顶线模型：内核 {kernel} 与设备的实测上限</translation>
    </message>
    <message>
        <source>{gflop_s} GFLOP/s without vectors</source>
        <translation>{gflop_s} GFLOP/s（不用向量）</translation>
    </message>
</context>
<context>
    <name>RunHistory</name>
    <message>
        <source>no kernel time</source>
        <translation>无内核时间</translation>
    </message>
    <message>
        <source>#{number}  {kernel}  median {median}
{when} · [{size}] on {device}</source>
        <translation>#{number}  {kernel}  中位数 {median}
{when} · [{size}] · {device}</translation>
    </message>
    <message>
        <source>Tick two or more runs to overlay their kernel times.</source>
        <translation>勾选两次或更多次运行，即可叠加比较它们的内核时间。</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Forget every run in the history</source>
        <translation>清除历史中的所有运行</translation>
    </message>
    <message>
        <source>Run history: tick runs to compare</source>
        <translation>运行历史：勾选以比较</translation>
    </message>
</context>
<context>
    <name>SweepPanel</name>
    <message>
        <source>Runs the kernel at every valid local size (the divisors of the global size, and powers of two where the device allows uneven work-groups), each after a warm-up launch, and plots the median kernel time of each.</source>
        <translation>在每个有效的局部大小上运行内核（全局大小的各个因数；设备允许不均匀工作组时，还有 2 的幂），每次先预热启动一次，并画出每个大小的内核时间中位数。</translation>
    </message>
    <message>
        <source>Sweep local size</source>
        <translation>扫描局部大小</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Use the best</source>
        <translation>使用最佳值</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <source>The kernel of the program whose local size is swept</source>
        <translation>要扫描局部大小的程序内核</translation>
    </message>
    <message>
        <source>Sweeping {count} local sizes…</source>
        <translation>正在扫描 {count} 个局部大小…</translation>
    </message>
    <message>
        <source>local size {size} ({number} of {total})</source>
        <translation>局部大小 {size}（第 {number} 个，共 {total} 个）</translation>
    </message>
    <message>
        <source>Kernel {kernel}.</source>
        <translation>内核 {kernel}。</translation>
    </message>
    <message>
        <source>Best: local size {size}, {median} median of {count} sizes tried.</source>
        <translation>最佳：局部大小 {size}，中位数 {median}，共尝试了 {count} 个大小。</translation>
    </message>
    <message>
        <source>Use {size}</source>
        <translation>使用 {size}</translation>
    </message>
    <message>
        <source>No local size ran.</source>
        <translation>没有任何局部大小运行成功。</translation>
    </message>
    <message>
        <source>{count} failed and were skipped ({reasons} and {more} more).</source>
        <translation>{count} 个失败并已跳过（{reasons}，另有 {more} 个）。</translation>
    </message>
    <message>
        <source>{count} failed and were skipped ({reasons}).</source>
        <translation>{count} 个失败并已跳过（{reasons}）。</translation>
    </message>
    <message>
        <source>The sweep failed unexpectedly:
{details}</source>
        <translation>扫描意外失败：
{details}</translation>
    </message>
</context>
<context>
    <name>SweepPlot</name>
    <message>
        <source>local size</source>
        <translation>局部大小</translation>
    </message>
    <message>
        <source>median kernel time</source>
        <translation>内核时间中位数</translation>
    </message>
    <message>
        <source>Kernel time at each local size</source>
        <translation>各局部大小下的内核时间</translation>
    </message>
    <message>
        <source>{kernel}: kernel time at each local size</source>
        <translation>{kernel}：各局部大小下的内核时间</translation>
    </message>
</context>
<context>
    <name>TimelinePlot</name>
    <message>
        <source>write</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>fill</source>
        <translation>填充</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读回</translation>
    </message>
    <message>
        <source>copy &apos;{name}&apos; to the device</source>
        <translation>将“{name}”复制到设备</translation>
    </message>
    <message>
        <source>fill &apos;{name}&apos; with zeros on the device</source>
        <translation>在设备上把“{name}”填充为零</translation>
    </message>
    <message>
        <source>read &apos;{name}&apos; back</source>
        <translation>读回“{name}”</translation>
    </message>
    <message>
        <source>kernel {name}</source>
        <translation>内核 {name}</translation>
    </message>
    <message>
        <source>kernel {name} (launch {launch}, iteration {iteration})</source>
        <translation>内核 {name}（第 {launch} 次启动，第 {iteration} 次迭代）</translation>
    </message>
    <message>
        <source>{action}, repeat {repeat}: {duration}, {start}–{end} ms</source>
        <translation>{action}，第 {repeat} 次重复：{duration}，{start}–{end} ms</translation>
    </message>
    <message>
        <source>time since the first command (ms)</source>
        <translation>自第一条命令起的时间（ms）</translation>
    </message>
    <message>
        <source>Timeline of the last run</source>
        <translation>最近一次运行的时间线</translation>
    </message>
</context>
<context>
    <name>TimingsPanel</name>
    <message>
        <source>Repeats</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>Std deviation</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>No timings yet</source>
        <translation>尚无计时</translation>
    </message>
    <message>
        <source>Run a kernel (Ctrl+R) to see its timeline, the kernel time of each repeat, statistics and effective bandwidth, measured by the device itself.</source>
        <translation>运行内核（Ctrl+R）即可查看由设备本身测得的时间线、每次重复的内核时间、统计数据和有效带宽。</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>Device time of the kernel over the repeats. The standard deviation is the sample one (n − 1); the first launch is often slower while caches warm up.</source>
        <translation>内核在各次重复中的设备时间。标准差是样本标准差（n − 1）；第一次启动时缓存尚未预热，往往较慢。</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>Arithmetic operations one work-item does (count a multiply-add as 2), for example 2 × K for a matrix multiply with inner size K.</source>
        <translation>一个工作项执行的算术运算次数（一次乘加算 2 次），例如内维为 K 的矩阵乘法为 2 × K。</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Operations per work-item:</source>
        <translation>每个工作项的运算次数：</translation>
    </message>
    <message>
        <source>Program time</source>
        <translation>程序时间</translation>
    </message>
    <message>
        <source>unknown device</source>
        <translation>未知设备</translation>
    </message>
    <message>
        <source>&lt;b&gt;A program of {count} launches&lt;/b&gt; ({kernels}) on {device}: {timed} of {repeats} repeats timed, each the sum of its launches</source>
        <translation>&lt;b&gt;{count} 次启动组成的程序&lt;/b&gt;（{kernels}），在 {device} 上：计时了 {repeats} 次重复中的 {timed} 次，每次为其所有启动之和</translation>
    </message>
    <message>
        <source>&lt;b&gt;{kernel}&lt;/b&gt; on {device}: global size {global_size}, local size {local_size}, {timed} of 1 launch timed</source>
        <translation>&lt;b&gt;{kernel}&lt;/b&gt;，设备 {device}：全局大小 {global_size}，局部大小 {local_size}，1 次启动中计时了 {timed} 次</translation>
    </message>
    <message>
        <source>&lt;b&gt;{kernel}&lt;/b&gt; on {device}: global size {global_size}, local size {local_size}, {timed} of {count} launches timed</source>
        <translation>&lt;b&gt;{kernel}&lt;/b&gt;，设备 {device}：全局大小 {global_size}，局部大小 {local_size}，{count} 次启动中计时了 {timed} 次</translation>
    </message>
    <message>
        <source>the device</source>
        <translation>该设备</translation>
    </message>
    <message>
        <source>chosen by the driver</source>
        <translation>由驱动程序选择</translation>
    </message>
    <message>
        <source>Effective bandwidth: —</source>
        <translation>有效带宽：—</translation>
    </message>
    <message>
        <source>No kernel time was measured.</source>
        <translation>没有测得内核时间。</translation>
    </message>
    <message>
        <source>Effective bandwidth: {rate} GB/s</source>
        <translation>有效带宽：{rate} GB/s</translation>
    </message>
    <message>
        <source>{total} per launch ({read} read from {read_buffers}, {written} written to {written_buffers}) in the median kernel time, {median}. 1 GB = 10⁹ bytes.</source>
        <translation>每次启动 {total}（从 {read_buffers} 读取 {read}，向 {written_buffers} 写入 {written}），按内核时间中位数 {median} 计算。1 GB = 10⁹ 字节。</translation>
    </message>
    <message>
        <source>no buffer</source>
        <translation>无缓冲区</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Enter the operations per work-item to see GFLOP/s.</source>
        <translation>输入每个工作项的运算次数，即可查看 GFLOP/s。</translation>
    </message>
    <message>
        <source>{work_items} work-items × {ops} operations in {median}</source>
        <translation>{work_items} 个工作项 × {ops} 次运算，用时 {median}</translation>
    </message>
</context>
</TS>
