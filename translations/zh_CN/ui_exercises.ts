<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CheckResultsView</name>
    <message>
        <source>&lt;b&gt;{sizes}&lt;/b&gt; (seed {seed})</source>
        <translation>&lt;b&gt;{sizes}&lt;/b&gt;（种子 {seed}）</translation>
    </message>
    <message>
        <source>{case}: every value within the tolerance.</source>
        <translation>{case}：每个值都在容差之内。</translation>
    </message>
    <message>
        <source>worst index: &lt;b&gt;{place}&lt;/b&gt;</source>
        <translation>偏差最大的下标：&lt;b&gt;{place}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>expected: &lt;b&gt;{value}&lt;/b&gt;</source>
        <translation>应为：&lt;b&gt;{value}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>actual: &lt;b&gt;{value}&lt;/b&gt;</source>
        <translation>实际为：&lt;b&gt;{value}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>also {mismatch}</source>
        <translation>另有 {mismatch}</translation>
    </message>
    <message>
        <source>Check your kernel to see how it does on every test case.</source>
        <translation>检查你的内核，看看它在每个测试用例上表现如何。</translation>
    </message>
    <message>
        <source>Case</source>
        <translation>测试用例</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>&lt;b&gt;{status}&lt;/b&gt;: {passed} of {total} cases pass on {device}</source>
        <translation>&lt;b&gt;{status}&lt;/b&gt;：在 {device} 上，{total} 个测试用例中通过了 {passed} 个</translation>
    </message>
    <message>
        <source>&lt;b&gt;{status}&lt;/b&gt;: {passed} of {total} cases pass</source>
        <translation>&lt;b&gt;{status}&lt;/b&gt;：{total} 个测试用例中通过了 {passed} 个</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>memory check (Oclgrind)</source>
        <translation>内存检查（Oclgrind）</translation>
    </message>
</context>
<context>
    <name>ExercisesController</name>
    <message>
        <source>Cannot open the exercise</source>
        <translation>无法打开练习</translation>
    </message>
    <message>
        <source>Open this exercise first: Check runs the kernel in the editor, and the editor holds another file.</source>
        <translation>请先打开这个练习：“检查我的解答”运行的是编辑器中的内核，而编辑器中现在是另一个文件。</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>正在开始</translation>
    </message>
    <message>
        <source>Show the solution?</source>
        <translation>显示参考解答？</translation>
    </message>
    <message>
        <source>Show the reference solution of “{exercise}”? Working it out yourself teaches more: the hints go one step at a time. Your own kernel is not changed.</source>
        <translation>要显示“{exercise}”的参考解答吗？自己想出来学得更多：提示会一步一步地给出。你自己的内核不会被改动。</translation>
    </message>
    <message>
        <source>{problem} To use it, choose a device that offers it in Devices, or add Intel&apos;s CPU runtime with Devices &gt; Add a device…</source>
        <translation>{problem}要使用它，请在“设备”中选择提供它的设备，或通过“设备 &gt; 添加设备…”添加 Intel 的 CPU 运行时。</translation>
    </message>
    <message>
        <source>Progress not saved: {problem}</source>
        <translation>进度未保存：{problem}</translation>
    </message>
    <message>
        <source>The check failed inside CL Studio:
{details}</source>
        <translation>CL Studio 内部出错，检查未能完成：
{details}</translation>
    </message>
</context>
<context>
    <name>ExercisesLesson</name>
    <message>
        <source>The exercises</source>
        <translation>练习</translation>
    </message>
    <message>
        <source>Pick an exercise</source>
        <translation>选择一个练习</translation>
    </message>
    <message>
        <source>Choose View &gt; Exercises: the panel lists graded exercises, from a guarded vector add to tiled matrix multiplies, softmax and a 2-D convolution, each with its status. Select one to read its statement. Some offer a second starter in OpenCL C 2.0, chosen under Starter, for a device that builds it.</source>
        <translation>选择“视图 &gt; 练习”：面板列出带评分的练习，从带边界检查的向量加法到分块矩阵乘法、softmax 和二维卷积，每个都附有完成状态。选中一个即可阅读题目。有些练习还提供 OpenCL C 2.0 的第二份初始代码，可在“初始代码”处选择，适用于能构建它的设备。</translation>
    </message>
    <message>
        <source>Open the starter</source>
        <translation>打开初始代码</translation>
    </message>
    <message>
        <source>Press Open: your own copy of the exercise&apos;s session, kept in your data folder, loads into the editor with the starter kernel and its arguments. Write the kernel there, and build (Ctrl+B) and run (F5) it as any other session. Opening the exercise again brings back the kernel you wrote.</source>
        <translation>按“打开”：练习会话的个人副本（保存在你的数据文件夹中）连同初始内核及其参数一起载入编辑器。在那里编写内核，像其他会话一样构建（Ctrl+B）和运行（F5）。再次打开该练习时，会恢复你写过的内核。</translation>
    </message>
    <message>
        <source>Check your solution</source>
        <translation>检查你的解答</translation>
    </message>
    <message>
        <source>Press Check my solution: your kernel runs through every test case, at awkward sizes with fixed seeds, and its results are compared with the reference within the exercise&apos;s tolerance. The table lists each case, pass or FAIL, then the timed case against its target. On the command line: clstudio exercise check NAME KERNEL.cl.</source>
        <translation>按“检查我的解答”：你的内核会跑遍每个测试用例（尺寸刻意不规整，随机种子固定），结果在练习规定的容差内与参考结果比较。表格列出每个用例是通过还是失败，最后是计时用例与目标时间的对比。在命令行上：clstudio exercise check NAME KERNEL.cl。</translation>
    </message>
    <message>
        <source>Hints and the solution</source>
        <translation>提示与参考解答</translation>
    </message>
    <message>
        <source>Stuck? Hint shows the next hint, one at a time. Show solution opens the reference solution after asking you first, so you can compare it with your own.</source>
        <translation>卡住了？“提示”每次显示下一条提示。“显示参考解答”会先询问你，然后打开参考解答，方便你与自己的解答比较。</translation>
    </message>
</context>
<context>
    <name>ExercisesPanel</name>
    <message>
        <source>Exercise</source>
        <translation>练习</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Load the exercise&apos;s session and your kernel into the editor</source>
        <translation>把练习的会话和你的内核载入编辑器</translation>
    </message>
    <message>
        <source>Check my solution</source>
        <translation>检查我的解答</translation>
    </message>
    <message>
        <source>Run your kernel through every test case, then time it</source>
        <translation>用每个测试用例运行你的内核，然后为它计时</translation>
    </message>
    <message>
        <source>Hint</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Show solution…</source>
        <translation>显示参考解答…</translation>
    </message>
    <message>
        <source>The reference solution; you are asked first</source>
        <translation>参考解答；显示之前会先问你</translation>
    </message>
    <message>
        <source>Starter:</source>
        <translation>初始代码：</translation>
    </message>
    <message>
        <source>Open and Show solution use this starter; Check checks the one you opened</source>
        <translation>“打开”和“显示参考解答”使用这份初始代码；“检查我的解答”检查你打开的那一份</translation>
    </message>
    <message>
        <source>Statement</source>
        <translation>题目</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Not loaded: {problems}</source>
        <translation>未加载：{problems}</translation>
    </message>
    <message>
        <source>OpenCL C 1.2 (every device)</source>
        <translation>OpenCL C 1.2（所有设备）</translation>
    </message>
    <message>
        <source>{done} of {total}: {what}</source>
        <translation>{done}/{total}：{what}</translation>
    </message>
    <message>
        <source>Checking… {what}</source>
        <translation>正在检查… {what}</translation>
    </message>
    <message>
        <source>No hints</source>
        <translation>没有提示</translation>
    </message>
    <message>
        <source>All hints shown</source>
        <translation>提示已全部显示</translation>
    </message>
    <message>
        <source>Hint ({number} of {total})</source>
        <translation>提示（{number}/{total}）</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>检查内容</translation>
    </message>
    <message>
        <source>{count} cases: {cases}. Tolerance: rtol = {rtol}, atol = {atol}.</source>
        <translation>{count} 个测试用例：{cases}。容差：rtol = {rtol}，atol = {atol}。</translation>
    </message>
    <message>
        <source>Timed at {sizes}, fastest of {repeats} repeats; the target is {multiple} × the reference solution&apos;s time on the same device.</source>
        <translation>计时用的大小为 {sizes}，取 {repeats} 次重复中最快的一次；目标是同一设备上参考解答用时的 {multiple} 倍。</translation>
    </message>
    <message>
        <source>Hints</source>
        <translation>提示</translation>
    </message>
</context>
<context>
    <name>SolutionDialog</name>
    <message>
        <source>Reference solution: {exercise}</source>
        <translation>参考解答：{exercise}</translation>
    </message>
    <message>
        <source>Reference solution: {exercise} ({variant})</source>
        <translation>参考解答：{exercise}（{variant}）</translation>
    </message>
</context>
</TS>
