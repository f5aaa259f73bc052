"""Fake `machine` for the simulator: the rp2 API the firmware uses, backed by simcore.

Pin (IN/OUT/OPEN_DRAIN, PULL_UP/PULL_DOWN, value/on/off/toggle, irq with
IRQ_FALLING/IRQ_RISING, hard or soft), mem32/mem16/mem8 (GPIO_IN = every pin level),
I2C (rp2 pin rules; the display model at the board's address, other addresses
NACK with OSError), PWM (the buzzer), freq, idle, lightsleep, disable_irq/enable_irq,
unique_id, reset, WDT (accepted, not enforced), RTC (the wall clock).
"""

import gc

import simcore


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, pin_id, mode=-1, pull=-1, value=None):
        if pin_id == "LED":
            pin_id = 25
        if not isinstance(pin_id, int) or not 0 <= pin_id <= 29:
            raise ValueError("invalid pin")
        self._id = pin_id
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        st = simcore.world.pin(self._id)
        if value is not None:
            st.out = 1 if value else 0
        if mode != -1:
            st.mode = mode
        if pull != -1:
            st.pull = pull if pull is not None else 0
        simcore.world.update(st)

    def value(self, v=None):
        st = simcore.world.pin(self._id)
        if v is None:
            return st.level
        st.out = 1 if v else 0
        simcore.world.update(st)
        return None

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def toggle(self):
        st = simcore.world.pin(self._id)
        self.value(not st.out)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        st = simcore.world.pin(self._id)
        st.handler = handler
        st.trigger = trigger
        st.hard = hard
        st.obj = self
        return None

    def __repr__(self):
        return "Pin(GPIO%d)" % self._id


class _Mem:
    """mem32 and friends: GPIO_IN reads every pin level; other addresses read 0."""

    def __init__(self, shift):
        self._shift = shift

    def __getitem__(self, addr):
        if addr == simcore.GPIO_IN_ADDR:
            return simcore.world.gpio_in
        if addr == simcore.GPIO_IN_ADDR + 2 and self._shift < 32:
            return simcore.world.gpio_in >> 16
        return 0

    def __setitem__(self, addr, v):
        pass


mem32 = _Mem(32)
mem16 = _Mem(16)
mem8 = _Mem(8)


class I2C:
    def __init__(self, i2c_id, scl=None, sda=None, freq=400000, timeout=50000):
        if i2c_id not in (0, 1):
            raise ValueError("I2C(%s) doesn't exist" % i2c_id)
        for pin, rest, name in ((sda, 0, "SDA"), (scl, 1, "SCL")):
            if pin is None:
                continue
            n = pin._id if isinstance(pin, Pin) else pin
            if n % 4 != 2 * i2c_id + rest:
                raise ValueError("bad %s pin" % name)
        self.freq = freq
        self.bytes = 0

    def _device(self, addr):
        w = simcore.world
        if w.panel is None or addr != w.panel_addr:
            raise OSError(5)  # EIO: no ACK, as rp2 reports it
        return w.panel

    def scan(self):
        w = simcore.world
        return [] if w.panel is None else [w.panel_addr]

    def _transfer(self, n):
        # 9 clocks a byte, plus the address byte: the time the blocking call takes
        # (in kHz: the product stays a small int on a 32-bit MicroPython).
        simcore.world.busy((n + 1) * 9000 // max(1, self.freq // 1000))

    def writeto(self, addr, buf, stop=True):
        panel = self._device(addr)
        before = gc.mem_alloc()
        panel.begin()
        panel.feed(buf)
        self.bytes += len(buf)
        self._transfer(len(buf))
        simcore.world.own(before)
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        panel = self._device(addr)
        before = gc.mem_alloc()
        panel.begin()  # one transfer: the control byte may be in another piece
        n = 0
        for b in vector:
            panel.feed(b)
            n += len(b)
        self.bytes += n
        self._transfer(n)
        simcore.world.own(before)  # the panel model's work, if it allocated (it should not)
        return n

    def readfrom(self, addr, n, stop=True):
        self._device(addr)
        return bytes(n)

    def readfrom_into(self, addr, buf, stop=True):
        self._device(addr)
        for i in range(len(buf)):
            buf[i] = 0


class PWM:
    """A PWM output on an RP2040: GPIO n drives channel n & 1 of slice (n >> 1) & 7,
    so GPIO n and n + 16 share a channel (the same duty) and a slice's two channels
    share its frequency, as on the chip (simcore.World.pwm_*)."""

    def __init__(self, pin, freq=0, duty_u16=0, **kw):
        self._id = pin._id if isinstance(pin, Pin) else pin
        simcore.world.pwm_attach(self._id)
        if freq:
            self.freq(freq)
        if duty_u16:
            self.duty_u16(duty_u16)

    def freq(self, f=None):
        w = simcore.world
        if f is None:
            return w.pwm_freq[simcore.pwm_slice(self._id)]
        if f < 8:
            raise ValueError("freq too small")
        w.pwm_set(self._id, freq=int(f))

    def duty_u16(self, d=None):
        w = simcore.world
        if d is None:
            return w.pwm_duty[simcore.pwm_channel(self._id)]
        w.pwm_set(self._id, duty=max(0, min(65535, int(d))))

    def deinit(self):
        simcore.world.pwm_set(self._id, duty=0)
        simcore.world.pwm_detach(self._id)


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout

    def feed(self):
        pass


class RTC:
    """The wall clock (the fake time module's): datetime() reads it as (year, month,
    day, weekday, hour, minute, second, 0), datetime(t) sets it, as on rp2."""

    def datetime(self, t=None):
        import time

        if t is not None:
            time.set_wall_clock((t[0], t[1], t[2], t[4], t[5], t[6]))
            return None
        y, m, d, h, mi, s, wd = time.localtime()[:7]
        return (y, m, d, wd, h, mi, s, 0)


_freq = 125000000


def freq(hz=None):
    global _freq
    if hz is None:
        return _freq
    _freq = hz


def idle():
    simcore.world.sleep_us(100)


def lightsleep(ms=None):
    simcore.world.sleep_us(1000 * (ms or 0))


def disable_irq():
    return 0


def enable_irq(state=0):
    pass


def unique_id():
    """8 bytes: the simulated chip's id, made once per flash and kept with it (simchip)."""
    import simchip

    return simchip.current().uid


def reset():
    raise SystemExit("machine.reset()")


soft_reset = reset
