<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>About</name>
    <message>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>A desktop OpenCL explorer and kernel playground for learners of heterogeneous computing.</source>
        <translation>一款桌面 OpenCL 探索工具和内核练习场，为学习异构计算的人而作。</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>an unsaved session</source>
        <translation>一个未保存的会话</translation>
    </message>
    <message>
        <source>Restore unsaved edits?</source>
        <translation>恢复未保存的编辑？</translation>
    </message>
    <message>
        <source>CL Studio did not close cleanly. Edits of {where} from {saved} were kept. Restore them?</source>
        <translation>CL Studio 上次没有正常关闭。{where} 在 {saved} 的编辑已保留下来。要恢复吗？</translation>
    </message>
    <message>
        <source>Unexpected error</source>
        <translation>意外错误</translation>
    </message>
    <message>
        <source>CL Studio keeps running; the details may help to report it.</source>
        <translation>CL Studio 会继续运行；报告这个问题时，详细信息或许有帮助。</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <source>The inputs could not be prepared</source>
        <translation>无法准备输入数据</translation>
    </message>
    <message>
        <source>The kernel did not build</source>
        <translation>内核构建失败</translation>
    </message>
    <message>
        <source>Not run: the setup needs fixing</source>
        <translation>未运行：设置需要修正</translation>
    </message>
    <message>
        <source>The run failed</source>
        <translation>运行失败</translation>
    </message>
    <message>
        <source>Stopped: the kernel ran past its time limit</source>
        <translation>已停止：内核运行超出了时间限制</translation>
    </message>
    <message>
        <source>The worker process crashed</source>
        <translation>工作进程崩溃了</translation>
    </message>
    <message>
        <source>Stopped before the end</source>
        <translation>在结束前被停止</translation>
    </message>
    <message>
        <source>argument &apos;{argument}&apos;, line {line}</source>
        <translation>参数“{argument}”，第 {line} 行</translation>
    </message>
    <message>
        <source>argument &apos;{argument}&apos;</source>
        <translation>参数“{argument}”</translation>
    </message>
    <message>
        <source>line {line}</source>
        <translation>第 {line} 行</translation>
    </message>
    <message>
        <source>{headline}: {message}</source>
        <translation>{headline}：{message}</translation>
    </message>
    <message>
        <source>{headline} ({place}): {message}</source>
        <translation>{headline}（{place}）：{message}</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>Image File (PNG, TIF, JPG, ...)</source>
        <translation>图像文件（PNG、TIF、JPG 等）</translation>
    </message>
    <message>
        <source>CSV of original plot data</source>
        <translation>原始绘图数据的 CSV</translation>
    </message>
    <message>
        <source>Scalable Vector Graphics (SVG)</source>
        <translation>可缩放矢量图形（SVG）</translation>
    </message>
    <message>
        <source>Printer</source>
        <translation>打印机</translation>
    </message>
    <message>
        <source>width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>antialias</source>
        <translation>抗锯齿</translation>
    </message>
    <message>
        <source>background</source>
        <translation>背景</translation>
    </message>
    <message>
        <source>invertValue</source>
        <translation>反转数值</translation>
    </message>
    <message>
        <source>separator</source>
        <translation>分隔符</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>columnMode</source>
        <translation>列模式</translation>
    </message>
    <message>
        <source>scaling stroke</source>
        <translation>缩放线宽</translation>
    </message>
</context>
<context>
    <name>Form</name>
    <message>
        <source>Link Axis:</source>
        <translation>关联坐标轴：</translation>
    </message>
    <message>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Manual</source>
        <translation>手动</translation>
    </message>
    <message>
        <source>Invert Axis</source>
        <translation>反转坐标轴</translation>
    </message>
    <message>
        <source>Mouse Enabled</source>
        <translation>启用鼠标</translation>
    </message>
    <message>
        <source>Visible Data Only</source>
        <translation>仅可见数据</translation>
    </message>
    <message>
        <source>Auto Pan Only</source>
        <translation>仅自动平移</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Clip to View</source>
        <translation>裁剪到视图</translation>
    </message>
    <message>
        <source>Max Traces:</source>
        <translation>最多曲线数：</translation>
    </message>
    <message>
        <source>Downsample</source>
        <translation>降采样</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Forget hidden traces</source>
        <translation>丢弃隐藏的曲线</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>Subsample</source>
        <translation>抽样</translation>
    </message>
    <message>
        <source>Log X</source>
        <translation>X 取对数</translation>
    </message>
    <message>
        <source>Power Spectrum (FFT)</source>
        <translation>功率谱（FFT）</translation>
    </message>
    <message>
        <source>Log Y</source>
        <translation>Y 取对数</translation>
    </message>
    <message>
        <source>Subtract Mean</source>
        <translation>减去均值</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>数据点</translation>
    </message>
    <message>
        <source>Show X Grid</source>
        <translation>显示 X 网格</translation>
    </message>
    <message>
        <source>Show Y Grid</source>
        <translation>显示 Y 网格</translation>
    </message>
    <message>
        <source>Opacity</source>
        <translation>不透明度</translation>
    </message>
    <message>
        <source>Alpha</source>
        <translation>透明度</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Item to export:</source>
        <translation>要导出的项：</translation>
    </message>
    <message>
        <source>Export format</source>
        <translation>导出格式</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Export options</source>
        <translation>导出选项</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
</context>
<context>
    <name>GraphicsScene</name>
    <message>
        <source>Export...</source>
        <translation>导出…</translation>
    </message>
</context>
<context>
    <name>HostProgramLesson</name>
    <message>
        <source>A platform is one installed OpenCL driver: PoCL for your CPU, a GPU vendor&apos;s driver, and so on. The ICD loader (libOpenCL) finds every driver registered on the machine and lists them. No platform at all means no driver is installed.</source>
        <translation>一个平台就是一个已安装的 OpenCL 驱动程序：用于 CPU 的 PoCL、GPU 厂商的驱动程序，等等。ICD 加载器（libOpenCL）会找到机器上注册的每一个驱动程序并把它们列出来。一个平台都没有，就说明没有安装驱动程序。</translation>
    </message>
    <message>
        <source>Each platform offers devices of a type (CPU, GPU or accelerator). clGetDeviceInfo answers questions about a device: its memory sizes, compute units and work-size limits. The Devices panel shows every answer.</source>
        <translation>每个平台提供某种类型（CPU、GPU 或加速器）的设备。clGetDeviceInfo 回答关于设备的各种问题：它的内存大小、计算单元和工作大小的上限。“设备”面板会显示每一个答案。</translation>
    </message>
    <message>
        <source>A context ties together one or more devices of a platform with the buffers, programs and queues created for them. Objects from one context cannot be used in another.</source>
        <translation>上下文把一个平台的一个或多个设备，与为它们创建的缓冲区、程序和队列联系在一起。一个上下文中的对象不能在另一个上下文中使用。</translation>
    </message>
    <message>
        <source>The host never calls the device directly: it puts commands (copies, kernel launches) in a queue, and the device works through them. A queue is in order unless asked otherwise. With profiling enabled, each command records when it was queued, started and ended: that is where CL Studio&apos;s timings come from.</source>
        <translation>主机从不直接调用设备：它把命令（复制、内核启动）放进队列，由设备依次处理。除非另有要求，队列是按顺序执行的。启用性能分析（profiling）后，每条命令都会记录它入队、开始和结束的时间：CL Studio 的计时就来自这里。</translation>
    </message>
    <message>
        <source>A kernel object stands for one __kernel function of the built program, chosen by name. It also remembers the argument values set on it.</source>
        <translation>内核对象代表已构建程序中的一个 __kernel 函数，按名字选取。它还会记住为它设置的参数值。</translation>
    </message>
    <message>
        <source>Buffers are memory the device can reach. Flags say whether the kernel reads or writes them; CL_MEM_COPY_HOST_PTR fills one from host memory at creation, or clEnqueueWriteBuffer copies data in later. One buffer may not exceed CL_DEVICE_MAX_MEM_ALLOC_SIZE.</source>
        <translation>缓冲区是设备能访问的内存。标志说明内核是读还是写它们；CL_MEM_COPY_HOST_PTR 在创建时用主机内存填充缓冲区，也可以之后用 clEnqueueWriteBuffer 把数据复制进去。单个缓冲区不能超过 CL_DEVICE_MAX_MEM_ALLOC_SIZE。</translation>
    </message>
    <message>
        <source>Each kernel parameter gets a value, by position: a buffer for a __global or __constant pointer, the bytes of a number for a scalar (its size must match the kernel&apos;s type exactly: an int is 4 bytes), and only a size for a __local pointer, whose memory each work-group gets fresh.</source>
        <translation>每个内核参数按位置得到一个值：__global 或 __constant 指针对应一个缓冲区；标量对应一个数的字节（大小必须与内核中的类型完全一致：int 是 4 个字节）；__local 指针只给出大小，它的内存由每个工作组各自重新获得。</translation>
    </message>
    <message>
        <source>The launch asks for a global size of work-items in 1, 2 or 3 dimensions, grouped into work-groups of a local size. A work-group&apos;s size may not exceed CL_DEVICE_MAX_WORK_GROUP_SIZE, and before OpenCL 2.0 it must divide the global size. Without a local size, the driver picks one. The call returns at once with an event.</source>
        <translation>启动时要给出 1、2 或 3 维的工作项全局大小，这些工作项按局部大小分成工作组。工作组的大小不能超过 CL_DEVICE_MAX_WORK_GROUP_SIZE，并且在 OpenCL 2.0 之前必须能整除全局大小。不给局部大小时，由驱动程序选一个。这个调用会立即返回一个事件。</translation>
    </message>
    <message>
        <source>Enqueuing only schedules work. The host waits for a command&apos;s event, or for the whole queue, before it uses results. The event&apos;s profiling information gives the command&apos;s start and end on the device&apos;s clock.</source>
        <translation>入队只是安排工作。主机要等待命令的事件或整个队列完成，才能使用结果。事件的性能分析信息给出命令在设备时钟上的开始和结束时间。</translation>
    </message>
    <message>
        <source>The kernel&apos;s OpenCL C source is handed to the driver as plain text, and the driver compiles it for the device, with options such as -D N=16 or -cl-fast-relaxed-math: the same source can be built for very different devices. A failed build returns an error; the compiler&apos;s messages are in the build log (CL_PROGRAM_BUILD_LOG), which CL Studio maps back onto your lines.</source>
        <translation>内核的 OpenCL C 源代码以纯文本形式交给驱动程序，由驱动程序为设备编译，可以带上 -D N=16 或 -cl-fast-relaxed-math 这样的选项：同一份源代码可以为差别很大的设备构建。构建失败会返回错误；编译器的消息在构建日志（CL_PROGRAM_BUILD_LOG）里，CL Studio 会把它们对应回你的代码行。</translation>
    </message>
    <message>
        <source>A read copies an output buffer into host memory; a blocking read waits for it to finish. Finally the program releases its kernels, buffers, program, queue and context (pyopencl does it when they are garbage-collected).</source>
        <translation>读操作把输出缓冲区复制到主机内存；阻塞式读取会等待复制完成。最后，程序释放它的内核、缓冲区、程序、队列和上下文（pyopencl 在它们被垃圾回收时自动完成）。</translation>
    </message>
    <message>
        <source>The OpenCL host program</source>
        <translation>OpenCL 主机程序</translation>
    </message>
    <message>
        <source>An OpenCL application has two parts: the kernel, written in OpenCL C and run on the device by many work-items at once, and the host program, which runs on the CPU and drives the device through the OpenCL C API. CL Studio writes the host program for you; these are the steps it takes, in order, every time you press Run.</source>
        <translation>一个 OpenCL 应用由两部分组成：内核，用 OpenCL C 编写，由许多工作项同时在设备上运行；主机程序，在 CPU 上运行，通过 OpenCL C API 驱动设备。CL Studio 替你编写主机程序；下面是每次你按下“运行”时它依次执行的步骤。</translation>
    </message>
    <message>
        <source>C API:</source>
        <translation>C API：</translation>
    </message>
    <message>
        <source>In pyopencl:</source>
        <translation>在 pyopencl 中：</translation>
    </message>
</context>
<context>
    <name>JobController</name>
    <message>
        <source>CL Studio failed:
{traceback}</source>
        <translation>CL Studio 出错了：
{traceback}</translation>
    </message>
</context>
<context>
    <name>LanguageChoice</name>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>CL Studio will be in {language} from its next start.</source>
        <translation>CL Studio 将从下次启动起改用 {language}。</translation>
    </message>
    <message>
        <source>Restart now? Unsaved changes are asked about first, as when you quit.</source>
        <translation>现在重新启动吗？和退出时一样，会先询问如何处理未保存的更改。</translation>
    </message>
    <message>
        <source>Restart Now</source>
        <translation>立即重新启动</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Host code</source>
        <translation>主机代码</translation>
    </message>
    <message>
        <source>Compiler</source>
        <translation>编译器</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Portability</source>
        <translation>可移植性</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Exercises</source>
        <translation>练习</translation>
    </message>
</context>
<context>
    <name>PlotItem</name>
    <message>
        <source>Plot Options</source>
        <translation>绘图选项</translation>
    </message>
    <message>
        <source>Transforms</source>
        <translation>变换</translation>
    </message>
    <message>
        <source>Downsample</source>
        <translation>降采样</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Alpha</source>
        <translation>透明度</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>数据点</translation>
    </message>
</context>
<context>
    <name>PropertiesDialog</name>
    <message>
        <source>Session properties</source>
        <translation>会话属性</translation>
    </message>
    <message>
        <source>Vector add, my version</source>
        <translation>向量加法，我的版本</translation>
    </message>
    <message>
        <source>The first line of the comment that opens the kernel source</source>
        <translation>内核源代码开头注释的第一行</translation>
    </message>
    <message>
        <source>What this kernel does, in one line</source>
        <translation>用一行话说明这个内核做什么</translation>
    </message>
    <message>
        <source>The title is the source&apos;s first comment line; the description is saved in the session.</source>
        <translation>标题是源代码的第一行注释；描述保存在会话中。</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>not built</source>
        <translation>未构建</translation>
    </message>
    <message>
        <source>Build: {state}</source>
        <translation>构建：{state}</translation>
    </message>
    <message>
        <source>Last run: {summary}</source>
        <translation>上次运行：{summary}</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>尚无</translation>
    </message>
    <message>
        <source>Device: {name}</source>
        <translation>设备：{name}</translation>
    </message>
    <message>
        <source>Device: {name} on {machine}</source>
        <translation>设备：{machine} 上的 {name}</translation>
    </message>
    <message>
        <source>{type} on {platform}</source>
        <translation>{platform} 上的 {type}</translation>
    </message>
    <message>
        <source>Device: looking…</source>
        <translation>设备：正在查找…</translation>
    </message>
    <message>
        <source>Looking for OpenCL devices</source>
        <translation>正在查找 OpenCL 设备</translation>
    </message>
    <message>
        <source>Device: nothing matches “{wanted}”</source>
        <translation>设备：没有与“{wanted}”匹配的设备</translation>
    </message>
    <message>
        <source>The session asks for a device this machine lacks: choose one in Devices</source>
        <translation>会话要求的设备在这台机器上没有：请在“设备”中选择一个</translation>
    </message>
    <message>
        <source>Device: none</source>
        <translation>设备：无</translation>
    </message>
    <message>
        <source>No OpenCL device found: see the Devices panel</source>
        <translation>没有找到 OpenCL 设备：请查看“设备”面板</translation>
    </message>
</context>
<context>
    <name>ViewBox</name>
    <message>
        <source>ViewBox options</source>
        <translation>视图选项</translation>
    </message>
    <message>
        <source>View All</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>axis</source>
        <translation>轴</translation>
    </message>
    <message>
        <source>Mouse Mode</source>
        <translation>鼠标模式</translation>
    </message>
    <message>
        <source>3 button</source>
        <translation>三键</translation>
    </message>
    <message>
        <source>1 button</source>
        <translation>单键</translation>
    </message>
</context>
<context>
    <name>Workbench</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>building…</source>
        <translation>正在构建…</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>{name} = {value} now drives {described}</source>
        <translation>{name} = {value} 现在决定 {described}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>崩溃</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>{stage} error</source>
        <translation>{stage} 错误</translation>
    </message>
    <message>
        <source>no launches</source>
        <translation>没有启动</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>check failed</source>
        <translation>检查未通过</translation>
    </message>
    <message>
        <source>1 repeat</source>
        <translation>1 次重复</translation>
    </message>
    <message>
        <source>{count} repeats</source>
        <translation>{count} 次重复</translation>
    </message>
    <message>
        <source>{median} median over {repeats}, {verdict}</source>
        <translation>{repeats}的中位数 {median}，{verdict}</translation>
    </message>
</context>
</TS>
