"""Stand-in for `_asyncio` in the simulator (W boards; simrun puts it in sys.modules):
the task queue and task of MicroPython's asyncio in Python, on the simulated clock.
The unix port's built-in `_asyncio` stamps a queued task with the host's own
milliseconds, while the rest of asyncio reads `time` (the simulator's clock): asyncio
would wait hours of host time. Here a task is stamped with asyncio's own `ticks()`, so
asyncio's waits are the device's.
"""


def _core():
    from asyncio import core

    return core


class TaskQueue:
    """Tasks by the time they are due (`ph_key`, ticks_ms), in the order pushed among
    equal times."""

    def __init__(self):
        self.tasks = []

    def peek(self):
        return self.tasks[0] if self.tasks else None

    def push(self, task, key=None):
        core = _core()
        task.data = None
        task.ph_key = core.ticks() if key is None else key
        i = len(self.tasks)
        while i > 0 and core.ticks_diff(self.tasks[i - 1].ph_key, task.ph_key) > 0:
            i -= 1
        self.tasks.insert(i, task)

    def pop(self):
        return self.tasks.pop(0)

    def remove(self, task):
        if task in self.tasks:
            self.tasks.remove(task)


class Task:
    """A coroutine asyncio runs. `state`: True while running, a TaskQueue of the tasks
    awaiting it, False once done; `data`: what it waits on, or its end (None or the
    exception)."""

    def __init__(self, coro, globals=None):
        self.coro = coro
        self.data = None
        self.state = True
        self.ph_key = 0

    def __iter__(self):
        if not self.state:
            self.state = False
        elif self.state is True:
            self.state = TaskQueue()
        elif type(self.state) is not TaskQueue:
            raise RuntimeError("can't wait")
        return self

    def __next__(self):
        if not self.state:
            if self.data is None:
                raise StopIteration
            raise self.data
        core = _core()
        self.state.push(core.cur_task)
        core.cur_task.data = self

    def done(self):
        return not self.state

    def cancel(self):
        if self.done():
            return False
        core = _core()
        if self is core.cur_task:
            raise RuntimeError("can't cancel self")
        task = self
        while isinstance(task.data, Task):
            task = task.data
        if hasattr(task.data, "remove"):
            task.data.remove(task)
            core._task_queue.push(task)
        elif core.ticks_diff(task.ph_key, core.ticks()) > 0:
            core._task_queue.remove(task)
            core._task_queue.push(task)
        task.data = core.CancelledError
        return True
