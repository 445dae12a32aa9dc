<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>StepDetails</name>
    <message>
        <source>Click a line under the step to go to it in the editor.</source>
        <translation>点击步骤下方的某一行，可在编辑器中转到该处。</translation>
    </message>
    <message>
        <source>Produced: {produced}</source>
        <translation>产出：{produced}</translation>
    </message>
    <message>
        <source>Next: Step does this one.</source>
        <translation>下一步：“单步”会执行这一步。</translation>
    </message>
    <message>
        <source>C: {call}</source>
        <translation>C：{call}</translation>
    </message>
    <message>
        <source>pyopencl: {call}</source>
        <translation>pyopencl：{call}</translation>
    </message>
</context>
<context>
    <name>StepsColumns</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>C API call</source>
        <translation>C API 调用</translation>
    </message>
    <message>
        <source>What it produced</source>
        <translation>产生了什么</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
</context>
<context>
    <name>StepsPanel</name>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Do the next step of the host program in the worker</source>
        <translation>在工作进程中执行主机程序的下一步</translation>
    </message>
    <message>
        <source>Run to end</source>
        <translation>运行到底</translation>
    </message>
    <message>
        <source>Do every step that is left, one after another</source>
        <translation>依次执行剩下的所有步骤</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Start again from step 1</source>
        <translation>从第 1 步重新开始</translation>
    </message>
    <message>
        <source>C: {c}
pyopencl: {py}</source>
        <translation>C：{c}
pyopencl：{py}</translation>
    </message>
    <message>
        <source>Step does the next step of the host program in the worker; Run to end does the rest. After a run, the steps show its times.</source>
        <translation>“单步”在工作进程中执行主机程序的下一步；“运行到底”执行其余步骤。运行之后，这里显示各步骤的时间。</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>Step {number} is running…</source>
        <translation>第 {number} 步正在运行…</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Step {number} failed: see why beside the list. Reset starts again.</source>
        <translation>第 {number} 步失败：原因见列表旁。“重置”可重新开始。</translation>
    </message>
    <message>
        <source>All {count} steps done, {total} on the host in all.</source>
        <translation>全部 {count} 个步骤已完成，主机上共用时 {total}。</translation>
    </message>
    <message>
        <source>{done} of {count} steps done; step {number} is next.</source>
        <translation>已完成 {done}/{count} 步；下一步是第 {number} 步。</translation>
    </message>
    <message>
        <source>Each later launch</source>
        <translation>之后的每次启动</translation>
    </message>
    <message>
        <source>median kernel time of the other {count} on the device</source>
        <translation>其余 {count} 次在设备上的内核时间中位数</translation>
    </message>
    <message>
        <source>The last run: {total} on the host in its steps.</source>
        <translation>上一次运行：各步骤在主机上共用时 {total}。</translation>
    </message>
    <message>
        <source>It stopped: {error}</source>
        <translation>运行中止：{error}</translation>
    </message>
    <message>
        <source>Building took {build}; each later launch takes {launch} on the device.</source>
        <translation>构建用时 {build}；之后每次启动在设备上用时 {launch}。</translation>
    </message>
    <message>
        <source>line {line}:{column}</source>
        <translation>第 {line} 行第 {column} 列</translation>
    </message>
    <message>
        <source>Go to line {line} in the editor</source>
        <translation>在编辑器中转到第 {line} 行</translation>
    </message>
</context>
</TS>
