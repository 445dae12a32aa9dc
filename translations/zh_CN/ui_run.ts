<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CheckStatus</name>
    <message>
        <source>Stop check</source>
        <translation>停止检查</translation>
    </message>
    <message>
        <source>Stop the check: its worker is stopped and restarted</source>
        <translation>停止检查：它的工作进程会被停止并重新启动</translation>
    </message>
    <message>
        <source>Checking {kernel} on Oclgrind: starting the simulator…</source>
        <translation>正在 Oclgrind 上检查 {kernel}：正在启动模拟器…</translation>
    </message>
    <message>
        <source>Checking {kernel} on Oclgrind: reading its reports…</source>
        <translation>正在 Oclgrind 上检查 {kernel}：正在读取报告…</translation>
    </message>
    <message>
        <source>Checking {kernel} on Oclgrind: simulating the work-items…</source>
        <translation>正在 Oclgrind 上检查 {kernel}：正在模拟工作项…</translation>
    </message>
    <message>
        <source>Check: {verdict}</source>
        <translation>检查：{verdict}</translation>
    </message>
</context>
<context>
    <name>DeviceRunsDialog</name>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Median kernel time</source>
        <translation>内核时间中位数</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Against</source>
        <translation>对照设备</translation>
    </message>
    <message>
        <source>Max abs diff</source>
        <translation>最大绝对差</translation>
    </message>
    <message>
        <source>Max rel diff</source>
        <translation>最大相对差</translation>
    </message>
    <message>
        <source>Worst index</source>
        <translation>差异最大的下标</translation>
    </message>
    <message>
        <source>{device} on {machine}</source>
        <translation>{machine} 上的 {device}</translation>
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
        <source>Run on devices</source>
        <translation>在多个设备上运行</translation>
    </message>
    <message>
        <source>{platform} on {machine}</source>
        <translation>{machine} 上的 {platform}</translation>
    </message>
    <message>
        <source>Run on the ticked devices</source>
        <translation>在勾选的设备上运行</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>The session runs on each ticked device in turn. Floating-point results often differ a little between devices: the second table shows by how much, and where.</source>
        <translation>会话会在每个勾选的设备上依次运行。不同设备上的浮点结果常常略有差别：第二张表显示差了多少、差在哪里。</translation>
    </message>
    <message>
        <source>Devices:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Kernel times, side by side:</source>
        <translation>内核时间对比：</translation>
    </message>
    <message>
        <source>Outputs against the first device:</source>
        <translation>各输出与第一个设备的对比：</translation>
    </message>
    <message>
        <source>Tick at least one device.</source>
        <translation>请至少勾选一个设备。</translation>
    </message>
    <message>
        <source>{device} ({number} of {total})</source>
        <translation>{device}（第 {number} 个，共 {total} 个）</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Fewer than two devices produced outputs, so none are compared.</source>
        <translation>产生输出的设备不到两个，因此没有可比较的输出。</translation>
    </message>
    <message>
        <source>Ran on 1 device.</source>
        <translation>已在 1 个设备上运行。</translation>
    </message>
    <message>
        <source>Ran on {count} devices.</source>
        <translation>已在 {count} 个设备上运行。</translation>
    </message>
    <message>
        <source>The runs failed unexpectedly:
{details}</source>
        <translation>运行意外失败：
{details}</translation>
    </message>
</context>
<context>
    <name>RunBar</name>
    <message>
        <source>How many times each run launches the kernel</source>
        <translation>每次运行启动内核的次数</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>A run that takes longer is stopped: the worker process is restarted</source>
        <translation>超过这个时间的运行会被停止：工作进程会重新启动</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>时间限制</translation>
    </message>
    <message>
        <source>Not run: {reason}</source>
        <translation>未运行：{reason}</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>building and setting up…</source>
        <translation>正在构建和准备…</translation>
    </message>
    <message>
        <source>repeat {number} of {total}</source>
        <translation>第 {number} 次重复，共 {total} 次</translation>
    </message>
    <message>
        <source>reading results back…</source>
        <translation>正在读回结果…</translation>
    </message>
</context>
<context>
    <name>SweepController</name>
    <message>
        <source>No device to sweep on: choose one in Devices.</source>
        <translation>没有可用于扫描的设备：请在“设备”中选择一个。</translation>
    </message>
    <message>
        <source>This global size allows no local size on this device.</source>
        <translation>在这个设备上，这个全局大小不允许任何局部大小。</translation>
    </message>
</context>
</TS>
