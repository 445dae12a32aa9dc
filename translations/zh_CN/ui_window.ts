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
        <source>not built</source>
        <translation>未构建</translation>
    </message>
    <message>
        <source>Device: {name}</source>
        <translation>设备：{name}</translation>
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
    <message>
        <source>Builds and runs will use {name}</source>
        <translation>构建和运行将使用 {name}</translation>
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
        <source>Cannot open session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>{path}: CL Studio failed to read it ({error}). The open session is kept; please report this, with the file.</source>
        <translation>{path}：CL Studio 读取失败（{error}）。当前打开的会话保持不变；请报告这个问题，并附上该文件。</translation>
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
    <message>
        <source>About CL Studio</source>
        <translation>关于 CL Studio</translation>
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
    <name>WindowActions</name>
    <message>
        <source>{tip} ({keys})</source>
        <translation>{tip}（{keys}）</translation>
    </message>
    <message>
        <source>Run the kernel with its arguments in the worker process</source>
        <translation>在工作进程中用当前参数运行内核</translation>
    </message>
    <message>
        <source>Stop the running kernel</source>
        <translation>停止正在运行的内核</translation>
    </message>
    <message>
        <source>Run the kernel once on the Oclgrind simulator to find out-of-bounds accesses, data races, divergent barriers and uninitialised values, at their lines</source>
        <translation>在 Oclgrind 模拟器上运行一次内核，找出越界访问、数据竞争、分歧的屏障和未初始化的值，并定位到所在的行</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>检查(&amp;C)</translation>
    </message>
    <message>
        <source>Stop Check</source>
        <translation>停止检查</translation>
    </message>
    <message>
        <source>Stop the check</source>
        <translation>停止检查</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>Start a new session from a small working kernel</source>
        <translation>从一个能运行的小内核开始新的会话</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a session (.json) or a kernel source (.cl)</source>
        <translation>打开会话（.json）或内核源代码（.cl）</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the session to a new file</source>
        <translation>把会话保存到新文件</translation>
    </message>
    <message>
        <source>Save Kernel Source As…</source>
        <translation>内核源代码另存为…</translation>
    </message>
    <message>
        <source>Save the OpenCL C source alone, as a .cl file</source>
        <translation>只保存 OpenCL C 源代码，存为 .cl 文件</translation>
    </message>
    <message>
        <source>&amp;Export Host Code…</source>
        <translation>导出主机代码(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the session&apos;s host program in Python or C, ready to build and run</source>
        <translation>用 Python 或 C 写出会话的主机程序，可以直接构建和运行</translation>
    </message>
    <message>
        <source>&amp;Properties…</source>
        <translation>属性(&amp;P)…</translation>
    </message>
    <message>
        <source>The session&apos;s title and description</source>
        <translation>会话的标题和描述</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Close CL Studio</source>
        <translation>关闭 CL Studio</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Undo the last edit of the source</source>
        <translation>撤销对源代码的上一次编辑</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Redo the edit just undone</source>
        <translation>重做刚刚撤销的编辑</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Find text in the kernel source</source>
        <translation>在内核源代码中查找文本</translation>
    </message>
    <message>
        <source>&amp;Replace…</source>
        <translation>替换(&amp;R)…</translation>
    </message>
    <message>
        <source>Find and replace text in the kernel source</source>
        <translation>在内核源代码中查找并替换文本</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Larger source text</source>
        <translation>放大源代码文字</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Smaller source text</source>
        <translation>缩小源代码文字</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <source>Source text at its usual size</source>
        <translation>源代码文字恢复常规大小</translation>
    </message>
    <message>
        <source>&amp;Build</source>
        <translation>构建(&amp;B)</translation>
    </message>
    <message>
        <source>Compile the kernel for the chosen device now</source>
        <translation>立即为所选设备编译内核</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Run on &amp;Devices…</source>
        <translation>在多个设备上运行(&amp;D)…</translation>
    </message>
    <message>
        <source>Run the session on several devices in turn and compare their times and outputs</source>
        <translation>在几个设备上依次运行会话，比较它们的时间和输出</translation>
    </message>
    <message>
        <source>&amp;About CL Studio</source>
        <translation>关于 CL Studio(&amp;A)</translation>
    </message>
    <message>
        <source>Version and the libraries it runs on</source>
        <translation>版本，以及它所依赖的库</translation>
    </message>
    <message>
        <source>The OpenCL &amp;host program</source>
        <translation>OpenCL 主机程序(&amp;H)</translation>
    </message>
    <message>
        <source>The steps every OpenCL program takes, from platform to results</source>
        <translation>每个 OpenCL 程序都要经历的步骤，从平台到结果</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Open &amp;Example</source>
        <translation>打开示例(&amp;E)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Follow the system&apos;s light or dark setting</source>
        <translation>跟随系统的浅色或深色设置</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Always use the light theme</source>
        <translation>始终使用浅色主题</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Always use the dark theme</source>
        <translation>始终使用深色主题</translation>
    </message>
    <message>
        <source>System Language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>Follow the system&apos;s language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)</source>
        <translation>跟随系统的语言（LANGUAGE、LC_ALL、LC_MESSAGES、LANG）</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>主工具栏</translation>
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
