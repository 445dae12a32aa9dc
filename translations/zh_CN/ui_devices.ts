<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AddDeviceDialog</name>
    <message>
        <source>&lt;b&gt;Installed.&lt;/b&gt;</source>
        <translation>&lt;b&gt;已安装。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not installed.&lt;/b&gt;</source>
        <translation>&lt;b&gt;未安装。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>CL Studio lists every OpenCL driver it can find. There are three ways to more devices; after installing one, press &lt;b&gt;Look again&lt;/b&gt;.</source>
        <translation>CL Studio 会列出它能找到的每一个 OpenCL 驱动程序。获取更多设备有三种途径；装好其中一种后，请按&lt;b&gt;重新查找&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Intel&apos;s OpenCL CPU runtime</source>
        <translation>Intel 的 OpenCL CPU 运行时</translation>
    </message>
    <message>
        <source>{state} A second CPU device beside the bundled PoCL, with OpenCL C 3.0: &lt;code&gt;half&lt;/code&gt; (cl_khr_fp16), work-group functions such as &lt;code&gt;work_group_reduce_add&lt;/code&gt;, and a newer compiler. It runs on any x86-64 CPU, Intel&apos;s or AMD&apos;s. About 225 MB to download (800 MB installed). In CL Studio&apos;s folder:</source>
        <translation>{state}在自带的 PoCL 之外再提供一个 CPU 设备，支持 OpenCL C 3.0：&lt;code&gt;half&lt;/code&gt;（cl_khr_fp16）、&lt;code&gt;work_group_reduce_add&lt;/code&gt; 等工作组函数，以及更新的编译器。它可在任何 x86-64 CPU 上运行，Intel 和 AMD 的都可以。下载约 225 MB（安装后约 800 MB）。在 CL Studio 的文件夹中运行：</translation>
    </message>
    <message>
        <source>CL Studio sets up the rest (its .icd file and library path) by itself.</source>
        <translation>其余配置（它的 .icd 文件和库路径）由 CL Studio 自动完成。</translation>
    </message>
    <message>
        <source>Oclgrind, for check mode</source>
        <translation>Oclgrind，用于检查模式</translation>
    </message>
    <message>
        <source>{state} A simulated device that runs a kernel slowly but reports out-of-bounds accesses, data races and diverging barriers, each at its source line. It goes into a folder where only CL Studio looks, so that your own programs keep PoCL as their first device. In CL Studio&apos;s folder:</source>
        <translation>{state}一个模拟设备：运行内核很慢，但能报告越界访问、数据竞争和发散的屏障，并指出各自所在的源代码行。它装在只有 CL Studio 会查找的文件夹中，因此你自己的程序的第一个设备仍是 PoCL。在 CL Studio 的文件夹中运行：</translation>
    </message>
    <message>
        <source>Your GPU&apos;s own driver</source>
        <translation>GPU 自己的驱动程序</translation>
    </message>
    <message>
        <source>GPU vendors ship OpenCL drivers with their graphics drivers; once installed, their devices appear here by themselves.</source>
        <translation>GPU 厂商随显卡驱动一起提供 OpenCL 驱动程序；安装之后，它们的设备会自动出现在这里。</translation>
    </message>
    <message>
        <source>Intel GPUs: &lt;code&gt;{apt}&lt;/code&gt; (Debian, Ubuntu), &lt;code&gt;{dnf}&lt;/code&gt; (Fedora)</source>
        <translation>Intel GPU：&lt;code&gt;{apt}&lt;/code&gt;（Debian、Ubuntu），&lt;code&gt;{dnf}&lt;/code&gt;（Fedora）</translation>
    </message>
    <message>
        <source>AMD GPUs: ROCm, &lt;code&gt;{rocm}&lt;/code&gt; after adding AMD&apos;s repository, or &lt;code&gt;{mesa}&lt;/code&gt; (Rusticl)</source>
        <translation>AMD GPU：ROCm，添加 AMD 的软件源后运行 &lt;code&gt;{rocm}&lt;/code&gt;；或者 &lt;code&gt;{mesa}&lt;/code&gt;（Rusticl）</translation>
    </message>
    <message>
        <source>NVIDIA GPUs: the proprietary driver brings OpenCL (&lt;code&gt;{package}&lt;/code&gt; on Debian)</source>
        <translation>NVIDIA GPU：专有驱动自带 OpenCL（Debian 上为 &lt;code&gt;{package}&lt;/code&gt;）</translation>
    </message>
    <message>
        <source>Add a device</source>
        <translation>添加设备</translation>
    </message>
    <message>
        <source>Look again</source>
        <translation>重新查找</translation>
    </message>
</context>
<context>
    <name>ComputeUnitsView</name>
    <message>
        <source>… and {count} more</source>
        <translation>……另有 {count} 个</translation>
    </message>
</context>
<context>
    <name>DeviceCompareDialog</name>
    <message>
        <source>Compare devices</source>
        <translation>比较设备</translation>
    </message>
    <message>
        <source>Show only the fields that differ</source>
        <translation>只显示不同的字段</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Device A</source>
        <translation>设备 A</translation>
    </message>
    <message>
        <source>Device B</source>
        <translation>设备 B</translation>
    </message>
    <message>
        <source>There are no devices to compare.</source>
        <translation>没有可以比较的设备。</translation>
    </message>
    <message>
        <source>Both sides show the same device. Pick another device for A or B; with one driver installed, a second platform (another driver) adds more.</source>
        <translation>两边显示的是同一个设备。请为 A 或 B 另选一个设备；如果只装了一个驱动程序，再装一个平台（另一个驱动程序）就会多出设备。</translation>
    </message>
    <message>
        <source>All {count} fields are the same.</source>
        <translation>全部 {count} 个字段都相同。</translation>
    </message>
    <message>
        <source>{differing} of {count} fields differ (highlighted).</source>
        <translation>{count} 个字段中有 {differing} 个不同（已高亮）。</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
</context>
<context>
    <name>DeviceController</name>
    <message>
        <source>No device found builds this kernel: {reason}. The Portability tab tells each device&apos;s reasons</source>
        <translation>找到的设备都无法编译此内核：{reason}。“可移植性”标签页列出每个设备的原因</translation>
    </message>
    <message>
        <source>{device} cannot build this kernel ({reason}); using {able}</source>
        <translation>{device} 无法编译此内核（{reason}）；改用 {able}</translation>
    </message>
    <message>
        <source>Builds and runs will use {name}</source>
        <translation>构建和运行将使用 {name}</translation>
    </message>
</context>
<context>
    <name>DeviceFieldsView</name>
    <message>
        <source>{explanation}

OpenCL name: {name}
Raw value: {raw}</source>
        <translation>{explanation}

OpenCL 名称：{name}
原始值：{raw}</translation>
    </message>
    <message>
        <source>Filter by name, value or explanation</source>
        <translation>按名称、值或说明筛选</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Copy value</source>
        <translation>复制值</translation>
    </message>
    <message>
        <source>Select a field to read what it means.</source>
        <translation>选择一个字段，查看它的含义。</translation>
    </message>
    <message>
        <source>Copy raw value</source>
        <translation>复制原始值</translation>
    </message>
    <message>
        <source>Copy OpenCL name</source>
        <translation>复制 OpenCL 名称</translation>
    </message>
</context>
<context>
    <name>DeviceOverview</name>
    <message>
        <source>Global memory</source>
        <translation>全局内存</translation>
    </message>
    <message>
        <source>Largest buffer</source>
        <translation>最大缓冲区</translation>
    </message>
    <message>
        <source>Global cache</source>
        <translation>全局缓存</translation>
    </message>
    <message>
        <source>Constant buffer</source>
        <translation>常量缓冲区</translation>
    </message>
    <message>
        <source>Local memory</source>
        <translation>局部内存</translation>
    </message>
    <message>
        <source>{name}: not reported by this device</source>
        <translation>{name}：此设备未报告</translation>
    </message>
    <message>
        <source>{label} ({name})
{explanation}
Value: {value}</source>
        <translation>{label}（{name}）
{explanation}
值：{value}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>Work-group</source>
        <translation>工作组</translation>
    </message>
    <message>
        <source>{count} items</source>
        <translation>{count} 个工作项</translation>
    </message>
    <message>
        <source>{name} (dim {axis})</source>
        <translation>{name}（维度 {axis}）</translation>
    </message>
    <message>
        <source>This device does not report its work-size limits.</source>
        <translation>此设备没有报告它的工作大小限制。</translation>
    </message>
    <message>
        <source>A work-group can reach {per_axis} work-items along its dimensions, but its sizes multiplied together may not exceed {group}.</source>
        <translation>工作组在各维度上最多可有 {per_axis} 个工作项，但各维大小相乘不得超过 {group}。</translation>
    </message>
    <message>
        <source>A work-group can reach {per_axis} work-items along its dimensions, but its sizes multiplied together may not exceed {group}. The largest square and cube shapes of powers of two: {examples}.</source>
        <translation>工作组在各维度上最多可有 {per_axis} 个工作项，但各维大小相乘不得超过 {group}。边长为 2 的幂的最大正方形和立方体形状：{examples}。</translation>
    </message>
    <message>
        <source>1 compute unit at up to {clock} MHz</source>
        <translation>1 个计算单元，最高 {clock} MHz</translation>
    </message>
    <message>
        <source>{units} compute units at up to {clock} MHz</source>
        <translation>{units} 个计算单元，最高 {clock} MHz</translation>
    </message>
    <message>
        <source>1 compute unit</source>
        <translation>1 个计算单元</translation>
    </message>
    <message>
        <source>{units} compute units</source>
        <translation>{units} 个计算单元</translation>
    </message>
    <message>
        <source>up to {clock} MHz</source>
        <translation>最高 {clock} MHz</translation>
    </message>
    <message>
        <source>Compute units and clock are not reported.</source>
        <translation>没有报告计算单元数和时钟频率。</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Memory sizes</source>
        <translation>内存大小</translation>
    </message>
    <message>
        <source>Work sizes</source>
        <translation>工作大小</translation>
    </message>
    <message>
        <source>One logarithmic scale: each grid line is {ratio} times the one before. Local memory is shared by one work-group only.</source>
        <translation>同一把对数刻度：每条网格线是前一条的 {ratio} 倍。局部内存只在一个工作组内共享。</translation>
    </message>
</context>
<context>
    <name>DevicePanel</name>
    <message>
        <source>Looking for OpenCL devices…</source>
        <translation>正在查找 OpenCL 设备…</translation>
    </message>
    <message>
        <source>Asking every installed OpenCL driver for its platforms and devices.</source>
        <translation>正在向每个已安装的 OpenCL 驱动程序询问它的平台和设备。</translation>
    </message>
    <message>
        <source>No OpenCL platform found</source>
        <translation>未找到 OpenCL 平台</translation>
    </message>
    <message>
        <source>Look again</source>
        <translation>重新查找</translation>
    </message>
    <message>
        <source>Add a device…</source>
        <translation>添加设备…</translation>
    </message>
    <message>
        <source>Platform / device</source>
        <translation>平台 / 设备</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Use this device</source>
        <translation>使用此设备</translation>
    </message>
    <message>
        <source>Build and run kernels on this device (or double-click it)</source>
        <translation>在此设备上构建和运行内核（也可以双击它）</translation>
    </message>
    <message>
        <source>Compare…</source>
        <translation>比较…</translation>
    </message>
    <message>
        <source>See two devices&apos; fields side by side</source>
        <translation>并排查看两个设备的字段</translation>
    </message>
    <message>
        <source>More</source>
        <translation>更多</translation>
    </message>
    <message>
        <source>Copy all fields as text</source>
        <translation>将全部字段复制为文本</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>导出为 JSON…</translation>
    </message>
    <message>
        <source>Ways to get more OpenCL devices: from pip, or your GPU driver</source>
        <translation>获取更多 OpenCL 设备的途径：通过 pip，或安装 GPU 驱动程序</translation>
    </message>
    <message>
        <source>Add a remote machine…</source>
        <translation>添加远程机器…</translation>
    </message>
    <message>
        <source>Use the devices of a machine you reach with ssh, such as a GPU server</source>
        <translation>使用你通过 ssh 访问的机器（例如 GPU 服务器）上的设备</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>All fields</source>
        <translation>全部字段</translation>
    </message>
    <message>
        <source>Peaks</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>No device selected</source>
        <translation>未选择设备</translation>
    </message>
    <message>
        <source>Select a device in the list above to see its fields.</source>
        <translation>在上方列表中选择一个设备，查看它的字段。</translation>
    </message>
    <message>
        <source>Connect again</source>
        <translation>重新连接</translation>
    </message>
    <message>
        <source>Forget this machine</source>
        <translation>忘记这台机器</translation>
    </message>
    <message>
        <source>Device discovery failed</source>
        <translation>查找设备失败</translation>
    </message>
    <message>
        <source>No OpenCL device found</source>
        <translation>未找到 OpenCL 设备</translation>
    </message>
    <message>
        <source>Connected. Devices: {count}. Double-click one to use it.</source>
        <translation>已连接。设备：{count} 个。双击其中一个即可使用。</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>connection lost</source>
        <translation>连接已断开</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>remote</source>
        <translation>远程</translation>
    </message>
    <message>
        <source>its devices: {reason}</source>
        <translation>其设备：{reason}</translation>
    </message>
    <message>
        <source>Devices unavailable</source>
        <translation>设备不可用</translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>Export device as JSON</source>
        <translation>将设备导出为 JSON</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Could not write {path}:
{error}</source>
        <translation>无法写入 {path}：
{error}</translation>
    </message>
    <message>
        <source>In use for builds and runs</source>
        <translation>正用于构建和运行</translation>
    </message>
    <message>
        <source>Double-click to use it</source>
        <translation>双击即可使用</translation>
    </message>
    <message>
        <source>Platform · {vendor} · {version} · 1 device</source>
        <translation>平台 · {vendor} · {version} · 1 个设备</translation>
    </message>
    <message>
        <source>Platform · {vendor} · {version} · {count} devices</source>
        <translation>平台 · {vendor} · {version} · {count} 个设备</translation>
    </message>
    <message>
        <source>The installed OpenCL platforms report no devices.</source>
        <translation>已安装的 OpenCL 平台没有报告任何设备。</translation>
    </message>
    <message>
        <source>Installed drivers that gave no platform:</source>
        <translation>已安装但没有提供平台的驱动程序：</translation>
    </message>
    <message>
        <source>An OpenCL platform is a driver that gives programs access to a device. CL Studio works with any of them.</source>
        <translation>OpenCL 平台就是让程序能够使用设备的驱动程序。CL Studio 可以与任何平台配合使用。</translation>
    </message>
    <message>
        <source>The simplest to install runs kernels on your CPU:</source>
        <translation>最容易安装的平台在你的 CPU 上运行内核：</translation>
    </message>
    <message>
        <source>GPU drivers (Intel&apos;s, NVIDIA&apos;s, ROCm for AMD) appear by themselves once installed: press &lt;b&gt;Look again&lt;/b&gt;. &lt;b&gt;Add a device…&lt;/b&gt; lists every way. The editor works meanwhile.</source>
        <translation>GPU 驱动程序（Intel、NVIDIA 的驱动，AMD 的 ROCm）安装后会自动出现：请按&lt;b&gt;重新查找&lt;/b&gt;。&lt;b&gt;添加设备…&lt;/b&gt;列出了所有途径。在此期间编辑器照常可用。</translation>
    </message>
    <message>
        <source>Platform {index} (name unavailable)</source>
        <translation>平台 {index}（名称不可用）</translation>
    </message>
    <message>
        <source>{platform}: devices unavailable</source>
        <translation>{platform}：设备不可用</translation>
    </message>
    <message>
        <source>{reason}.</source>
        <translation>{reason}。</translation>
    </message>
    <message>
        <source>{file}: unavailable</source>
        <translation>{file}：不可用</translation>
    </message>
    <message>
        <source>{path} names {library}. {reason}.</source>
        <translation>{path} 指向 {library}。{reason}。</translation>
    </message>
</context>
<context>
    <name>PeaksView</name>
    <message>
        <source>Not measured: {reason}</source>
        <translation>未测量：{reason}</translation>
    </message>
    <message>
        <source>Not measured on this device yet. Measuring takes about half a minute and runs small benchmark kernels in a separate process: the ceilings they find are what the roofline in Results compares your kernels with.</source>
        <translation>尚未在此设备上测量。测量约需半分钟，会在单独的进程中运行一些小型基准测试内核：它们测出的上限，就是“结果”中的 屋顶线模型拿来与你的内核比较的基准。</translation>
    </message>
    <message>
        <source>Measure peaks</source>
        <translation>测量峰值</translation>
    </message>
    <message>
        <source>Measure memory bandwidth, compute and launch latency of this device</source>
        <translation>测量此设备的内存带宽、计算能力和内核启动延迟</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>The measurement failed unexpectedly:
{details}</source>
        <translation>测量意外失败：
{details}</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Measured {when} with driver {driver}.</source>
        <translation>测量于 {when}，驱动程序版本 {driver}。</translation>
    </message>
    <message>
        <source> 1 figure failed: see why below.</source>
        <translation>1 项指标失败：原因见下方。</translation>
    </message>
    <message>
        <source> {count} figures failed: see why below.</source>
        <translation>{count} 项指标失败：原因见下方。</translation>
    </message>
    <message>
        <source> Stopped early: {reason}.</source>
        <translation>提前停止：{reason}。</translation>
    </message>
    <message>
        <source>Measure again</source>
        <translation>重新测量</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>measuring {key} ({number} of {total})</source>
        <translation>正在测量 {key}（{number}/{total}）</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>RemoteMachineDialog</name>
    <message>
        <source>Add a remote machine</source>
        <translation>添加远程机器</translation>
    </message>
    <message>
        <source>CL Studio connects with your ssh: your keys, your agent and your ~/.ssh/config (host aliases, jump hosts). It sets itself up on the machine in ~/.cache/clstudio, and lists its devices beside this machine&apos;s. CL Studio never asks for or keeps a password.</source>
        <translation>CL Studio 通过你的 ssh 连接：使用你的密钥、你的代理和你的 ~/.ssh/config（主机别名、跳板机）。它会在那台机器的 ~/.cache/clstudio 中安装自己，并把那台机器的设备列在本机设备旁边。CL Studio 从不询问或保存密码。</translation>
    </message>
    <message>
        <source>gpu-server, or ada@gpu-01.example.org:2222</source>
        <translation>gpu-server，或 ada@gpu-01.example.org:2222</translation>
    </message>
    <message>
        <source>~/.ssh/config</source>
        <translation>~/.ssh/config</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Machine ([user@]host[:port]):</source>
        <translation>机器（[用户@]主机[:端口]）：</translation>
    </message>
    <message>
        <source>ssh configuration file:</source>
        <translation>ssh 配置文件：</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>ssh configuration file</source>
        <translation>ssh 配置文件</translation>
    </message>
</context>
<context>
    <name>RemoteMachinesController</name>
    <message>
        <source>Wait until the connection under way ends, or stop it</source>
        <translation>请等待正在进行的连接结束，或停止它</translation>
    </message>
    <message>
        <source>Connecting to {machine}…</source>
        <translation>正在连接 {machine}…</translation>
    </message>
    <message>
        <source>{machine}: {problem}</source>
        <translation>{machine}：{problem}</translation>
    </message>
</context>
</TS>
