<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>HelpDialogs</name>
    <message>
        <source>About CL Studio</source>
        <translation>关于 CL Studio</translation>
    </message>
</context>
<context>
    <name>ShortcutList</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>{tip} ({keys})</source>
        <translation>{tip}（{keys}）</translation>
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
        <source>Open a session (.json), a kernel source (.cl), or the kernels in a C, C++ or Python file</source>
        <translation>打开会话（.json）、内核源代码（.cl），或 C、C++、Python 文件中的内核</translation>
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
        <source>&amp;Capture a Program…</source>
        <translation>捕获程序(&amp;C)…</translation>
    </message>
    <message>
        <source>Run your own pyopencl program and save its kernel launches as sessions</source>
        <translation>运行你自己的 pyopencl 程序，并把它的内核启动保存为会话</translation>
    </message>
    <message>
        <source>Open Ca&amp;pture…</source>
        <translation>打开捕获(&amp;P)…</translation>
    </message>
    <message>
        <source>List the launches of a captured program and open one, or the whole program</source>
        <translation>列出已捕获程序的启动，并打开其中一次或整个程序</translation>
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
        <source>The OpenCL &amp;host program</source>
        <translation>OpenCL 主机程序(&amp;H)</translation>
    </message>
    <message>
        <source>The steps every OpenCL program takes, from platform to results</source>
        <translation>每个 OpenCL 程序都要经历的步骤，从平台到结果</translation>
    </message>
    <message>
        <source>&amp;Debugging the reduction</source>
        <translation>调试归约内核(&amp;D)</translation>
    </message>
    <message>
        <source>Step through the gallery&apos;s reduction in the Debug dock: why stride halves, what a missing barrier does</source>
        <translation>在调试面板中逐步执行示例库的 reduction：stride 为何减半，缺少屏障会怎样</translation>
    </message>
    <message>
        <source>&amp;Memory traffic: coalescing and reuse</source>
        <translation>内存访问：合并与复用(&amp;M)</translation>
    </message>
    <message>
        <source>Which work-item touched which element, in the Memory tab: the transposes and the matrix multiplies</source>
        <translation>在内存页中查看哪个工作项访问了哪个元素：转置与矩阵乘法</translation>
    </message>
    <message>
        <source>The &amp;Compiler tab</source>
        <translation>编译器选项卡(&amp;C)</translation>
    </message>
    <message>
        <source>What the compiler made of your kernel: vectorisation, assembly, two builds compared</source>
        <translation>编译器把你的内核变成了什么：向量化、汇编、两次构建的对比</translation>
    </message>
    <message>
        <source>The &amp;roofline</source>
        <translation>屋顶线模型(&amp;R)</translation>
    </message>
    <message>
        <source>Where a run sits under the device&apos;s measured memory and arithmetic limits</source>
        <translation>一次运行在设备实测的内存与运算上限之下处于什么位置</translation>
    </message>
    <message>
        <source>The &amp;exercises</source>
        <translation>练习(&amp;E)</translation>
    </message>
    <message>
        <source>Open an exercise&apos;s starter, check your solution, ask for hints</source>
        <translation>打开练习的初始代码、检查你的解答、查看提示</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Every command&apos;s keys, by menu</source>
        <translation>按菜单列出每条命令的快捷键</translation>
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
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Devices</source>
        <translation>设备(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>主工具栏</translation>
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
        <source>&amp;Build</source>
        <translation>构建(&amp;B)</translation>
    </message>
    <message>
        <source>Compile the kernel for the chosen device now</source>
        <translation>立即为所选设备编译内核</translation>
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
        <source>Follow the system&apos;s language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)</source>
        <translation>跟随系统的语言（LANGUAGE、LC_ALL、LC_MESSAGES、LANG）</translation>
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
        <source>Reset &amp;Layout</source>
        <translation>重置布局(&amp;L)</translation>
    </message>
    <message>
        <source>Put the panels back where a first start puts them, the source with room for its lines</source>
        <translation>把各面板放回首次启动时的位置，让源代码有足够的行数</translation>
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
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System Language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>De&amp;bug / Continue</source>
        <translation>调试 / 继续(&amp;B)</translation>
    </message>
    <message>
        <source>Run the kernel on the Oclgrind simulator and pause at the breakpoints (click the gutter or press F9 to set one); while paused, continue</source>
        <translation>在 Oclgrind 模拟器上运行内核并在断点处暂停（单击行号栏或按 F9 设置断点）；暂停时按此继续</translation>
    </message>
    <message>
        <source>Step &amp;Over</source>
        <translation>单步跳过(&amp;O)</translation>
    </message>
    <message>
        <source>Run the followed work-item to the next line</source>
        <translation>让所跟踪的工作项运行到下一行</translation>
    </message>
    <message>
        <source>Step &amp;Into</source>
        <translation>单步进入(&amp;I)</translation>
    </message>
    <message>
        <source>Step into the function called on this line</source>
        <translation>进入本行调用的函数</translation>
    </message>
    <message>
        <source>Step O&amp;ut</source>
        <translation>单步跳出(&amp;U)</translation>
    </message>
    <message>
        <source>Run to the end of the current function</source>
        <translation>运行到当前函数结束</translation>
    </message>
    <message>
        <source>Stop Debu&amp;gging</source>
        <translation>停止调试(&amp;G)</translation>
    </message>
    <message>
        <source>End the debug run, even inside an endless loop</source>
        <translation>结束调试运行，即使处于死循环中</translation>
    </message>
    <message>
        <source>Add a &amp;Remote Machine…</source>
        <translation>添加远程机器(&amp;R)…</translation>
    </message>
    <message>
        <source>Use the devices of a machine you reach with ssh, such as a GPU server</source>
        <translation>使用你通过 ssh 访问的机器（例如 GPU 服务器）上的设备</translation>
    </message>
    <message>
        <source>Add a &amp;Device…</source>
        <translation>添加设备(&amp;D)…</translation>
    </message>
    <message>
        <source>Ways to get more OpenCL devices: from pip, or your GPU driver</source>
        <translation>获得更多 OpenCL 设备的方法：通过 pip，或你的 GPU 驱动</translation>
    </message>
</context>
</TS>
