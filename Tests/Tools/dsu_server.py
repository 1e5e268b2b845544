#!/usr/bin/env python3
"""A DSU ("cemuhook") server of the tests' own: streams motion to whoever asks.

Motion comes from a marble log (tilt and heading made into the accelerometer and gyro a
device would read, in DS4Windows' axes) or is made up (a slow circle). It behaves as
DS4Windows does: it answers the address that asked, and stops 5 s after the last request.

  dsu_server.py --port 26760 [--log FILE] [--rate HZ] [--seconds S]
                [--silence START:END [--restart]] [--garbage] [--foreign] [--port-file PATH]
                [--press T:BUTTON ...] [--pads N]

--silence goes quiet between two times (seconds from the first report), its timestamps going
on through it as a phone's clock does; with --restart they start again from 0 after it, as a
server app that was restarted; --garbage sends a broken datagram (bad CRC, wrong magic,
other slot, NaN) after each good one; --foreign sends perfect datagrams from another socket,
which a client must ignore; --press holds a button (cross, circle, square, triangle, l1, r1,
options, share, dpad-up, dpad-down, dpad-left, dpad-right) for 0.1 s from T s after the
first report, and may be given again; --pads N serves N pads (slots 0 to N-1), pad 2's motion the first's mirrored left to right, pad 3's
top to bottom, pad 4's both, each to the clients that asked for it, as DS4Windows with several
pads does. Standard library only.
"""
import argparse, math, os, random, socket, struct, sys, time, zlib

def datagram(sender, payload, magic=b'DSUS'):
    h = magic + struct.pack('<HHII', 1001, len(payload), 0, sender) + payload
    return h[:8] + struct.pack('<I', zlib.crc32(h) & 0xffffffff) + h[12:]

def pad_data(sender, slot, number, ts_us, accel, gyro, buttons=0):
    p = struct.pack('<I', 0x100002) + bytes([slot, 2, 2, 2]) + bytes([0, 0, 0, 0, 0, slot]) + bytes([5, 1])
    p += struct.pack('<I', number) + struct.pack('<H', buttons) + bytes([0, 0]) + bytes([128, 128, 128, 128])
    p += bytes(24) + struct.pack('<Q', ts_us) + struct.pack('<fff', *accel) + struct.pack('<fff', *gyro)
    return datagram(sender, p)

BUTTONS = {'share': 0x0001, 'options': 0x0008, 'dpad-up': 0x0010, 'dpad-right': 0x0020, 'dpad-down': 0x0040,
           'dpad-left': 0x0080, 'l1': 0x0400, 'r1': 0x0800, 'triangle': 0x1000, 'circle': 0x2000, 'cross': 0x4000,
           'square': 0x8000}

def press(spec):
    """'T:BUTTON' as (T, the button's bit)."""
    t, _, name = spec.partition(':')
    if name not in BUTTONS:
        raise argparse.ArgumentTypeError('%r is not one of %s' % (name, ', '.join(BUTTONS)))
    return float(t), BUTTONS[name]

def motion_from_log(path):
    """(t, accel in g DSU axes, yaw rate deg/s) per row of a marble log."""
    rows, header = [], None
    for line in open(path):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        if header is None:
            header = line.split(',')
            continue
        f = dict(zip(header, line.split(',')))
        rows.append((float(f['t']), float(f['tilt_x']), float(f['tilt_y']), float(f.get('heading', 0))))
    out = []
    for i, (t, tx, ty, h) in enumerate(rows):
        # SDL's up vector u has tilt (−u.x, u.z); DSU reads −u in g.
        ux, uz = -tx, ty
        uy = math.sqrt(max(0.0, 1 - ux * ux - uz * uz))
        yaw = 0.0
        if i + 1 < len(rows) and rows[i + 1][0] > t:
            d = (rows[i + 1][3] - h + 180) % 360 - 180
            yaw = d / (rows[i + 1][0] - t)
        out.append((t, (-ux, -uy, -uz), yaw))
    return out

def made_up(rate, seconds):
    n = int(rate * seconds)
    return [(i / rate, (0.3 * math.cos(i / rate), -math.sqrt(1 - 0.09 - 0.0), 0.3 * math.sin(i / rate)) , 20.0) for i in range(n)]

def main():
    a = argparse.ArgumentParser()
    a.add_argument('--port', type=int, default=26760)
    a.add_argument('--port-file')
    a.add_argument('--log')
    a.add_argument('--rate', type=float, default=100)
    a.add_argument('--seconds', type=float, default=60)
    a.add_argument('--silence')
    a.add_argument('--restart', action='store_true')
    a.add_argument('--garbage', action='store_true')
    a.add_argument('--foreign', action='store_true')
    a.add_argument('--press', type=press, action='append', default=[])
    a.add_argument('--sender', type=lambda s: int(s, 0), default=random.getrandbits(32))
    a.add_argument('--pads', type=int, default=1, choices=range(1, 5))
    o = a.parse_args()
    frames = motion_from_log(o.log) if o.log else made_up(o.rate, o.seconds)
    quiet = tuple(map(float, o.silence.split(':'))) if o.silence else None
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(('127.0.0.1', o.port))
    s.setblocking(False)
    stranger = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    if o.port_file:
        with open(o.port_file + '.tmp', 'w') as f:
            f.write(str(s.getsockname()[1]))
        os.replace(o.port_file + '.tmp', o.port_file)
    # Each client that asked: the pad it asked for (None: every pad) and when it last asked.
    clients, i, start, number = {}, 0, None, 0
    deadline = time.monotonic() + o.seconds + 30
    while time.monotonic() < deadline:
        try:
            while True:
                data, addr = s.recvfrom(2048)
                if len(data) >= 20 and data[:4] == b'DSUC' and struct.unpack_from('<I', data, 16)[0] == 0x100002:
                    by_slot = len(data) >= 22 and data[20] & 1
                    clients[addr] = (data[21] if by_slot else None, time.monotonic())
        except BlockingIOError:
            pass
        now = time.monotonic()
        clients = {a: c for a, c in clients.items() if now - c[1] <= 5}
        if not clients:
            time.sleep(0.005)
            continue
        if i >= len(frames):
            i = len(frames) - 1  # hold the last pose
        if start is None:
            start = now - frames[i][0]
        t, accel, yaw = frames[i]
        due = start + t
        if due > now:
            time.sleep(min(due - now, 0.01))
            continue
        if not (quiet and quiet[0] <= t < quiet[1]):
            number += 1
            held = 0
            for at, bit in o.press:
                if at <= t < at + 0.1: held |= bit
            # The motion timestamp: the phone's clock, or a restarted server's from 0.
            stamp = t - quiet[1] if o.restart and quiet and t >= quiet[1] else t
            for client, (wants, _) in clients.items():
                for pad in range(o.pads):
                    if wants is not None and wants != pad:
                        continue
                    mirror = -1.0 if pad in (1, 3) else 1.0
                    flip = -1.0 if pad in (2, 3) else 1.0
                    s.sendto(pad_data(o.sender, pad, number, int(stamp * 1e6) + 1000, (mirror * accel[0], accel[1], flip * accel[2]),
                                      (0.0, mirror * flip * yaw, 0.0), held), client)
            client = list(clients)[-1]
            if o.garbage:
                bad = bytearray(pad_data(o.sender, 0, number, int(t * 1e6), (9.0, 9.0, 9.0), (500.0, 500.0, 0.0)))
                kind = number % 4
                if kind == 0: bad[8] ^= 0xFF
                elif kind == 1: bad[3] = ord('C')
                elif kind == 2: bad = bytearray(pad_data(o.sender, 2, number, int(t * 1e6), (9.0, 9.0, 9.0), (500.0, 0, 0)))
                else: bad = bytearray(pad_data(o.sender, 0, number, int(t * 1e6), (float('nan'), 0.0, 0.0), (0.0, 0.0, 0.0)))
                s.sendto(bytes(bad), client)
            if o.foreign:
                stranger.sendto(pad_data(o.sender, 0, number, int(t * 1e6), (9.0, 9.0, 9.0), (900.0, 900.0, 0.0)), client)
        i += 1
        if i >= len(frames) and not o.log:
            break
    return 0

if __name__ == '__main__':
    sys.exit(main())
