<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ArgRow</name>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>type changed</source>
        <translation>类型已变</translation>
    </message>
    <message>
        <source>buffer argument, as the kernel declares it</source>
        <translation>缓冲区参数，按内核的声明</translation>
    </message>
    <message>
        <source>local argument, as the kernel declares it</source>
        <translation>局部内存参数，按内核的声明</translation>
    </message>
    <message>
        <source>scalar argument, as the kernel declares it</source>
        <translation>标量参数，按内核的声明</translation>
    </message>
    <message>
        <source>image argument, as the kernel declares it</source>
        <translation>图像参数，按内核的声明</translation>
    </message>
    <message>
        <source>sampler argument, as the kernel declares it</source>
        <translation>采样器参数，按内核的声明</translation>
    </message>
    <message>
        <source>NULL, but the kernel reads through {name} without testing it first: the run will crash. Untick NULL, or test it in the kernel: if ({name}) …</source>
        <translation>设为 NULL，但内核未先检查就通过 {name} 读取：运行将会崩溃。请取消勾选 NULL，或在内核中先检查它：if ({name}) …</translation>
    </message>
    <message>
        <source>out: the kernel never reads it, so it is not uploaded: it is filled with zeros on the device before each launch, then read back</source>
        <translation>out：内核从不读取它，所以不上传：每次启动前在设备上填充为零，运行后读回</translation>
    </message>
    <message>
        <source>out: the kernel never reads it, yet its contents are copied before each launch; start it from zeros to fill it on the device instead</source>
        <translation>out：内核从不读取它，但每次启动前仍会复制它的内容；改为从 zeros 开始，就会在设备上填充</translation>
    </message>
    <message>
        <source>The kernel never reads it: choose out</source>
        <translation>内核从不读取它：选择 out</translation>
    </message>
    <message>
        <source>The kernel never reads it: choose out and zeros to skip the upload</source>
        <translation>内核从不读取它：选择 out 和 zeros 可以省去上传</translation>
    </message>
</context>
<context>
    <name>ArgsPanel</name>
    <message>
        <source>No kernel yet</source>
        <translation>还没有内核</translation>
    </message>
    <message>
        <source>Build a program: the arguments of its kernel appear here, with the NDRange.</source>
        <translation>请构建一个程序：它的内核参数会和 NDRange 一起出现在这里。</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>命名大小</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>Arguments of {kernel}</source>
        <translation>{kernel} 的参数</translation>
    </message>
    <message>
        <source>{kernel} takes none</source>
        <translation>{kernel} 没有参数</translation>
    </message>
    <message>
        <source>Arguments of the program</source>
        <translation>程序的参数</translation>
    </message>
    <message>
        <source>argument &apos;{name}&apos;: {problem}</source>
        <translation>参数 &apos;{name}&apos;：{problem}</translation>
    </message>
</context>
<context>
    <name>BindingField</name>
    <message>
        <source>a value of its own</source>
        <translation>本次启动自己的值</translation>
    </message>
    <message>
        <source>the iteration number</source>
        <translation>迭代序号</translation>
    </message>
    <message>
        <source>its name</source>
        <translation>它的名称</translation>
    </message>
    <message>
        <source>The new buffer&apos;s name: a row for it appears in the form, {type}</source>
        <translation>新缓冲区的名称：表单中会出现它的一行，{type}</translation>
    </message>
    <message>
        <source>a new buffer…</source>
        <translation>新建缓冲区…</translation>
    </message>
    <message>
        <source>name the new buffer for {parameter}: letters, digits and _</source>
        <translation>请为 {parameter} 的新缓冲区命名：字母、数字和 _</translation>
    </message>
</context>
<context>
    <name>BufferEditor</name>
    <message>
        <source>in: uploaded before each launch, never read back</source>
        <translation>in：每次启动前上传，从不读回</translation>
    </message>
    <message>
        <source>out: read back after the run and shown as an output</source>
        <translation>out：运行后读回，并作为输出显示</translation>
    </message>
    <message>
        <source>inout: uploaded, then read back after the run</source>
        <translation>inout：先上传，运行后再读回</translation>
    </message>
    <message>
        <source>1024, or 64, 128</source>
        <translation>1024，或 64, 128</translation>
    </message>
    <message>
        <source>Elements along each dimension, rows first: 480, 640 is 480 rows</source>
        <translation>各维度上的元素个数，行在前：480, 640 表示 480 行</translation>
    </message>
    <message>
        <source>The type of one element; the kernel&apos;s pointer type by default</source>
        <translation>单个元素的类型；默认为内核指针所指的类型</translation>
    </message>
    <message>
        <source>auto: {mode}</source>
        <translation>自动：{mode}</translation>
    </message>
    <message>
        <source>From the kernel: {help}</source>
        <translation>由内核决定：{help}</translation>
    </message>
    <message>
        <source>NULL</source>
        <translation>NULL</translation>
    </message>
    <message>
        <source>Pass a null pointer instead of a buffer, for a kernel that checks for one</source>
        <translation>传入空指针而不是缓冲区，供会检查空指针的内核使用</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>访问方式</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>shape: at most {count} dimensions</source>
        <translation>形状：最多 {count} 维</translation>
    </message>
    <message>
        <source>shape: at most {count} elements in a buffer</source>
        <translation>形状：一个缓冲区最多 {count} 个元素</translation>
    </message>
    <message>
        <source>shape: type sizes like 1024, or 64, 128</source>
        <translation>形状：请输入大小，如 1024 或 64, 128</translation>
    </message>
    <message>
        <source>{count} elements × {size} bytes ({type})</source>
        <translation>{count} 个元素 × {size} 字节（{type}）</translation>
    </message>
</context>
<context>
    <name>FloatValidator</name>
    <message>
        <source>a number of at least {low}</source>
        <translation>不小于 {low} 的数</translation>
    </message>
    <message>
        <source>a number (at most {largest} in size)</source>
        <translation>绝对值不超过 {largest} 的数</translation>
    </message>
</context>
<context>
    <name>GroupBox</name>
    <message>
        <source> ×</source>
        <translation> 次</translation>
    </message>
    <message>
        <source>How many times the launches of this group run</source>
        <translation>这一组启动运行的次数</translation>
    </message>
    <message>
        <source>buffers to swap after each iteration: u v</source>
        <translation>每次迭代后交换的缓冲区：u v</translation>
    </message>
    <message>
        <source>Pairs of buffers of one type and shape that trade places after each iteration (ping-pong), separated by &apos;;&apos;</source>
        <translation>类型和形状相同的成对缓冲区，每次迭代后互换位置（乒乓），用 &apos;;&apos; 分隔</translation>
    </message>
    <message>
        <source>Add a launch to this group</source>
        <translation>向这一组添加一次启动</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>a fixed number of times</source>
        <translation>固定次数</translation>
    </message>
    <message>
        <source>until a buffer equals a number</source>
        <translation>直到缓冲区等于某个数</translation>
    </message>
    <message>
        <source>until a buffer stops changing</source>
        <translation>直到缓冲区不再变化</translation>
    </message>
    <message>
        <source>Repeat until a small buffer says stop, as host code loops until a flag stays 0: the buffer is read back after each round, and the number above is then the most rounds</source>
        <translation>重复运行，直到一个小缓冲区表示停止，就像主机代码循环到标志保持为 0：每轮之后读回该缓冲区，上面的数字则是最多的轮数</translation>
    </message>
    <message>
        <source>The buffer read back after each round</source>
        <translation>每轮之后读回的缓冲区</translation>
    </message>
    <message>
        <source>=</source>
        <translation>=</translation>
    </message>
    <message>
        <source>Every element of the buffer equals this number</source>
        <translation>缓冲区的每个元素都等于这个数</translation>
    </message>
    <message>
        <source>reset to</source>
        <translation>重置为</translation>
    </message>
    <message>
        <source>no reset</source>
        <translation>不重置</translation>
    </message>
    <message>
        <source>A number the host writes to every element of the buffer before each round (a flag the kernels set while work remains); empty: none</source>
        <translation>每轮之前主机写入缓冲区每个元素的数（内核在仍有工作时设置的标志）；留空：不写</translation>
    </message>
    <message>
        <source>Repeat at most</source>
        <translation>最多重复</translation>
    </message>
    <message>
        <source>the condition&apos;s number is not a number</source>
        <translation>条件的数字不是数字</translation>
    </message>
    <message>
        <source>the reset is not a number; leave it empty for none</source>
        <translation>重置值不是数字；不需要时请留空</translation>
    </message>
    <message>
        <source>give the swaps as pairs of buffer names: u v ; p q</source>
        <translation>请把交换写成成对的缓冲区名：u v ; p q</translation>
    </message>
</context>
<context>
    <name>ImageEditor</name>
    <message>
        <source>red, green, blue and alpha</source>
        <translation>红、绿、蓝和 alpha 通道</translation>
    </message>
    <message>
        <source>0 to 255, read as 0.0 to 1.0 by read_imagef</source>
        <translation>0 到 255，read_imagef 读出 0.0 到 1.0</translation>
    </message>
    <message>
        <source>one channel</source>
        <translation>一个通道</translation>
    </message>
    <message>
        <source>one channel, alpha</source>
        <translation>一个通道：alpha</translation>
    </message>
    <message>
        <source>two channels, red and green</source>
        <translation>两个通道：红与绿</translation>
    </message>
    <message>
        <source>two channels, red and alpha</source>
        <translation>两个通道：红与 alpha</translation>
    </message>
    <message>
        <source>stored blue, green, red, alpha; the kernel still sees RGBA</source>
        <translation>按蓝、绿、红、alpha 存储；内核看到的仍是 RGBA</translation>
    </message>
    <message>
        <source>stored alpha, red, green, blue; the kernel still sees RGBA</source>
        <translation>按 alpha、红、绿、蓝存储；内核看到的仍是 RGBA</translation>
    </message>
    <message>
        <source>one value, read into all four channels</source>
        <translation>一个值，读入全部四个通道</translation>
    </message>
    <message>
        <source>one value, read into red, green and blue (alpha 1)</source>
        <translation>一个值，读入红、绿、蓝三个通道（alpha 为 1）</translation>
    </message>
    <message>
        <source>0 to 65535, read as 0.0 to 1.0 by read_imagef</source>
        <translation>0 到 65535，read_imagef 读出 0.0 到 1.0</translation>
    </message>
    <message>
        <source>-128 to 127, read as -1.0 to 1.0 by read_imagef</source>
        <translation>-128 到 127，read_imagef 读出 -1.0 到 1.0</translation>
    </message>
    <message>
        <source>-32768 to 32767, read as -1.0 to 1.0 by read_imagef</source>
        <translation>-32768 到 32767，read_imagef 读出 -1.0 到 1.0</translation>
    </message>
    <message>
        <source>integers, read unchanged by read_imagei</source>
        <translation>整数，read_imagei 按原值读出</translation>
    </message>
    <message>
        <source>integers, read unchanged by read_imageui</source>
        <translation>整数，read_imageui 按原值读出</translation>
    </message>
    <message>
        <source>half floats, read as float by read_imagef</source>
        <translation>半精度浮点数，read_imagef 读为 float</translation>
    </message>
    <message>
        <source>floats, read unchanged by read_imagef</source>
        <translation>浮点数，read_imagef 按原值读出</translation>
    </message>
    <message>
        <source>the width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>width</source>
        <translation>宽</translation>
    </message>
    <message>
        <source>the height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>height</source>
        <translation>高</translation>
    </message>
    <message>
        <source>auto: {mode}</source>
        <translation>自动：{mode}</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>访问方式</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Pixels</source>
        <translation>像素</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>内容</translation>
    </message>
</context>
<context>
    <name>IndexSpacePicture</name>
    <message>
        <source>groups chosen by the implementation</source>
        <translation>工作组由 OpenCL 实现选择</translation>
    </message>
    <message>
        <source>dimension 0 (x) →,  dimension 1 (y) ↓,  × {layers} along dimension 2 (z)</source>
        <translation>维度 0 (x) →，维度 1 (y) ↓，沿维度 2 (z) × {layers}</translation>
    </message>
    <message>
        <source>dimension 0 (x) →,  × {layers} along dimension 2 (z)</source>
        <translation>维度 0 (x) →，沿维度 2 (z) × {layers}</translation>
    </message>
    <message>
        <source>dimension 0 (x) →,  dimension 1 (y) ↓</source>
        <translation>维度 0 (x) →，维度 1 (y) ↓</translation>
    </message>
    <message>
        <source>dimension 0 (x) →</source>
        <translation>维度 0 (x) →</translation>
    </message>
    <message>
        <source>▨ partial</source>
        <translation>▨ 未填满</translation>
    </message>
</context>
<context>
    <name>InitEditor</name>
    <message>
        <source>zeros</source>
        <translation>全 0</translation>
    </message>
    <message>
        <source>ones</source>
        <translation>全 1</translation>
    </message>
    <message>
        <source>0, 1, 2, … (arange)</source>
        <translation>0, 1, 2, …（arange）</translation>
    </message>
    <message>
        <source>one value (fill)</source>
        <translation>同一个值（fill）</translation>
    </message>
    <message>
        <source>random, uniform</source>
        <translation>随机，均匀分布</translation>
    </message>
    <message>
        <source>random, normal</source>
        <translation>随机，正态分布</translation>
    </message>
    <message>
        <source>a list of values</source>
        <translation>数值列表</translation>
    </message>
    <message>
        <source>a .npy file</source>
        <translation>.npy 文件</translation>
    </message>
    <message>
        <source>a sample picture</source>
        <translation>示例图片</translation>
    </message>
    <message>
        <source>uninitialised (no host data)</source>
        <translation>未初始化（没有主机数据）</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>low</source>
        <translation>下限</translation>
    </message>
    <message>
        <source>high</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>std</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>gradient</source>
        <translation>渐变</translation>
    </message>
    <message>
        <source>radial gradient</source>
        <translation>径向渐变</translation>
    </message>
    <message>
        <source>checkerboard</source>
        <translation>棋盘格</translation>
    </message>
    <message>
        <source>test picture</source>
        <translation>测试图</translation>
    </message>
    <message>
        <source>mandelbrot</source>
        <translation>Mandelbrot 集</translation>
    </message>
    <message>
        <source>What the buffer holds before each launch</source>
        <translation>每次启动前缓冲区里装的内容</translation>
    </message>
    <message>
        <source>1, 2, 3, … or [[1, 2], [3, 4]]</source>
        <translation>1, 2, 3, … 或 [[1, 2], [3, 4]]</translation>
    </message>
    <message>
        <source>data.npy, beside the session file</source>
        <translation>data.npy，放在会话文件旁边</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>{field}: {problem}</source>
        <translation>{field}：{problem}</translation>
    </message>
    <message>
        <source>random: low ({low}) must be less than high ({high})</source>
        <translation>随机：下限（{low}）必须小于上限（{high}）</translation>
    </message>
    <message>
        <source>values: type numbers separated by commas, or a nested list</source>
        <translation>数值：请输入以逗号分隔的数字，或嵌套列表</translation>
    </message>
    <message>
        <source>values: {count} given, but the buffer holds {needed}</source>
        <translation>数值：给出了 {count} 个，但缓冲区容纳 {needed} 个</translation>
    </message>
    <message>
        <source>picture: {problem}</source>
        <translation>图片：{problem}</translation>
    </message>
    <message>
        <source>file: give the path of a .npy file</source>
        <translation>文件：请给出一个 .npy 文件的路径</translation>
    </message>
    <message>
        <source>file: {path} not found</source>
        <translation>文件：找不到 {path}</translation>
    </message>
    <message>
        <source>Initial contents from a .npy file</source>
        <translation>从 .npy 文件读取初始内容</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy)</source>
        <translation>NumPy 数组 (*.npy)</translation>
    </message>
</context>
<context>
    <name>IntValidator</name>
    <message>
        <source>a whole number from {low} to {high}</source>
        <translation>介于 {low} 和 {high} 之间的整数</translation>
    </message>
</context>
<context>
    <name>LaunchCard</name>
    <message>
        <source>Launch {position} of {count}</source>
        <translation>第 {position} 次启动，共 {count} 次</translation>
    </message>
    <message>
        <source>Run this launch earlier</source>
        <translation>让这次启动提前运行</translation>
    </message>
    <message>
        <source>Run this launch later</source>
        <translation>让这次启动推后运行</translation>
    </message>
    <message>
        <source>Remove this launch</source>
        <translation>删除这次启动</translation>
    </message>
    <message>
        <source>launch {position}: {problem}</source>
        <translation>第 {position} 次启动：{problem}</translation>
    </message>
</context>
<context>
    <name>LaunchesEditor</name>
    <message>
        <source>Add a launch</source>
        <translation>添加一次启动</translation>
    </message>
    <message>
        <source>Launch a kernel again after this one, in the same queue, with the same buffers left on the device</source>
        <translation>在这次之后再启动一个内核：同一个队列，缓冲区留在设备上不变</translation>
    </message>
    <message>
        <source>{kernel} is launched once, with the NDRange above.</source>
        <translation>{kernel} 按上面的 NDRange 启动一次。</translation>
    </message>
    <message>
        <source>{count} launches written, at most {runs} enqueued per run, in one queue.</source>
        <translation>写了 {count} 次启动，每次运行最多入队 {runs} 次，在同一个队列中。</translation>
    </message>
    <message>
        <source>{count} launches written, {runs} enqueued per run, in one queue.</source>
        <translation>写了 {count} 次启动，每次运行在同一个队列中入队 {runs} 次。</translation>
    </message>
</context>
<context>
    <name>LocalEditor</name>
    <message>
        <source>the count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Elements of local memory for each work-group</source>
        <translation>每个工作组所得局部内存的元素个数</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>× {type} = {size} per work-group (of {local_memory})</source>
        <translation>× {type} = 每个工作组 {size}（共 {local_memory}）</translation>
    </message>
    <message>
        <source>× {type} = {size} per work-group</source>
        <translation>× {type} = 每个工作组 {size}</translation>
    </message>
</context>
<context>
    <name>NDRangeEditor</name>
    <message>
        <source>the global size in dimension {d}</source>
        <translation>维度 {d} 的全局大小</translation>
    </message>
    <message>
        <source>the local size in dimension {d}</source>
        <translation>维度 {d} 的局部大小</translation>
    </message>
    <message>
        <source>{d}-D</source>
        <translation>{d} 维</translation>
    </message>
    <message>
        <source>How many dimensions the index space has</source>
        <translation>索引空间有几个维度</translation>
    </message>
    <message>
        <source>From an argument</source>
        <translation>取自参数</translation>
    </message>
    <message>
        <source>Set the global size to one work-item per element of a buffer, or per pixel of an image</source>
        <translation>将全局大小设为缓冲区的每个元素（或图像的每个像素）一个工作项</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Let the OpenCL implementation pick the work-group size (local_size null)</source>
        <translation>由 OpenCL 实现选择工作组大小（local_size 为 null）</translation>
    </message>
    <message>
        <source>Dimensions</source>
        <translation>维数</translation>
    </message>
    <message>
        <source>Global size</source>
        <translation>全局大小</translation>
    </message>
    <message>
        <source>Local size</source>
        <translation>局部大小</translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <source>a {type}</source>
        <translation>{type} 值</translation>
    </message>
    <message>
        <source>{what} takes {hint}</source>
        <translation>{what}应为{hint}</translation>
    </message>
</context>
<context>
    <name>SamplerEditor</name>
    <message>
        <source>normalized coordinates (0 to 1 across the image)</source>
        <translation>归一化坐标（整幅图像从 0 到 1）</translation>
    </message>
    <message>
        <source>What a coordinate outside the image reads</source>
        <translation>坐标落在图像之外时读到什么</translation>
    </message>
    <message>
        <source>nearest: one pixel; linear: a mix of the four nearest</source>
        <translation>nearest：取一个像素；linear：混合最近的四个像素</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>过滤</translation>
    </message>
    <message>
        <source>Addressing</source>
        <translation>寻址</translation>
    </message>
    <message>
        <source>{mode} works only with normalized coordinates: tick them, or use clamp_to_edge</source>
        <translation>{mode} 只能配合归一化坐标使用：请勾选归一化坐标，或改用 clamp_to_edge</translation>
    </message>
</context>
<context>
    <name>SizesEditor</name>
    <message>
        <source>Follows the size {size} (Sizes, at the top); typing a number here unlinks it</source>
        <translation>跟随大小 {size}（见顶部的“命名大小”）；在这里输入数字会解除关联</translation>
    </message>
    <message>
        <source>Follows the size {size}: change it under Sizes, at the top</source>
        <translation>跟随大小 {size}：请在顶部的“命名大小”中修改</translation>
    </message>
    <message>
        <source>the size {name}</source>
        <translation>大小 {name}</translation>
    </message>
    <message>
        <source>Make {name} a named size</source>
        <translation>将 {name} 设为命名大小</translation>
    </message>
    <message>
        <source>One size, {name} = {value}, for {described}: changing {name} then changes them all</source>
        <translation>用一个大小 {name} = {value} 统一 {described}：之后修改 {name}，它们会一起改变</translation>
    </message>
</context>
<context>
    <name>StructBufferEditor</name>
    <message>
        <source>Elements along each dimension, rows first</source>
        <translation>每个维度上的元素数，行在前</translation>
    </message>
</context>
</TS>
