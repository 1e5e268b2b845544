# Generates the import fixtures in Tests/MarbleKitTests/Fixtures from known poses: python3 Tests/Tools/make_import_fixtures.py
import math, os
from decimal import Decimal

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "MarbleKitTests", "Fixtures")
G = 9.80665
B_WORLD = (0.0, 20.0, -40.0)   # µT in (east, north, up): northern hemisphere, dipping down

def js(v):
    """A number as JavaScript's String(number) writes it (Sensor Logger is a JS app)."""
    if v == 0: return "0"
    if v == int(v) and abs(v) < 1e21: return str(int(v))
    r = repr(v)
    if 'e' in r:
        m, e = r.split('e'); e = int(e)
        if -7 < e < 21: return format(Decimal(r), 'f')
        return f"{m}e{'+' if e > 0 else '-'}{abs(e)}"
    return r

def java(v, dec='.'):
    """A number as phyphox writes it: Java DecimalFormat("0.000000000E0")."""
    if v != v: return "NaN"
    if v == 0: s = "0.000000000E0"
    else:
        m, e = f"{v:.9E}".split('E'); s = f"{m}E{int(e)}"
    return s.replace('.', dec)

def axes(heading_deg, pose):
    """Device axes (x right, y top, z out of screen) in world (E, N, U) for a pose."""
    h = math.radians(heading_deg)
    x0 = (math.cos(h), -math.sin(h), 0.0); y0 = (math.sin(h), math.cos(h), 0.0); z0 = (0.0, 0.0, 1.0)
    kind, deg = pose
    a = math.radians(deg)
    lin = lambda p, u, q, w: tuple(p*ui + q*wi for ui, wi in zip(u, w))
    if kind == "flat": return x0, y0, z0
    if kind == "right-down": return lin(math.cos(a), x0, -math.sin(a), z0), y0, lin(math.sin(a), x0, math.cos(a), z0)
    if kind == "top-down": return x0, lin(math.cos(a), y0, -math.sin(a), z0), lin(math.sin(a), y0, math.cos(a), z0)
    raise ValueError(kind)

def dev(v, ax): return tuple(sum(vi*ai for vi, ai in zip(v, a)) for a in ax)
def down_dev(pose): return dev((0.0, 0.0, -1.0), axes(0, pose))
def field_dev(heading, pose): return dev(B_WORLD, axes(heading, pose))

POSES = [("flat", 0), ("right-down", 30), ("top-down", 20)]

def write(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f: f.write("\n".join(lines) + "\n")

# ---------- Sensor Logger ----------
T0 = 1718030736802000000
SE0 = 0.0706953125
def sl_time(se): return T0 + round(se * 1e7) * 100
def wrap_pi(deg): return math.radians((deg + 180) % 360 - 180)

def sensor_logger(folder, platform, heading_of_tau, mag_heading, device, version):
    sign = 1 if platform == "ios" else -1     # iOS gravity points down; Android reads +g upward
    rows = ["time,seconds_elapsed,z,y,x"]
    for i in range(30):
        se = SE0 + i * 0.01
        d = down_dev(POSES[i // 10])
        gx, gy, gz = (sign * G * c for c in d)
        rows.append(f"{sl_time(se)},{js(se)},{js(gz)},{js(gy)},{js(gx)}")
    write(f"{folder}/Gravity.csv", rows)

    rows = ["time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw"]
    for k in range(14):
        tau = k * 0.02
        se = SE0 + 0.005 + tau
        heading = heading_of_tau(tau)
        yaw_deg = (270 - heading) if platform == "ios" else heading
        yaw = wrap_pi(yaw_deg)
        rows.append(f"{sl_time(se)},{js(se)},{js(math.sin(yaw/2))},0,0,{js(math.cos(yaw/2))},0,0,{js(yaw)}")
    write(f"{folder}/Orientation.csv", rows)

    rows = ["time,seconds_elapsed,z,y,x"]
    for m in range(29):
        rel = 0.005 + m * 0.01
        se = SE0 + rel
        bx, by, bz = field_dev(mag_heading, POSES[min(2, int(rel / 0.1 + 1e-9))])
        rows.append(f"{sl_time(se)},{js(se)},{js(bz)},{js(by)},{js(bx)}")
    write(f"{folder}/Magnetometer.csv", rows)

    # Accelerometer.csv shares Gravity.csv's header row: only the file name tells them apart.
    rows = ["time,seconds_elapsed,z,y,x"]
    for i in range(5):
        se = SE0 + i * 0.01
        rows.append(f"{sl_time(se)},{js(se)},{js(0.0123 * (i - 2))},{js(-0.0087)},{js(0.0311)}")
    write(f"{folder}/Accelerometer.csv", rows)

    write(f"{folder}/Metadata.csv", [
        "version,device name,recording epoch time,recording time,recording timezone,platform,appVersion,device id,sensors,sampleRateMs,standardisation,platform version",
        f"3,{device},{T0 // 1000000},2024-06-10_14-45-36,Europe/London,{platform},1.34.0,4b7f2d3e-9c1a-4e58-8a61-0f2b9d7c5e13,Accelerometer|Gravity|Orientation|Magnetometer,10|10|20|10,false,{version}",
    ])

sensor_logger(f"{ROOT}/SensorLogger-iOS", "ios", lambda tau: (350 + 200 * tau) % 360, 60.0, "iPhone 13", "17.5.1")
sensor_logger(f"{ROOT}/SensorLogger-Android", "android", lambda tau: (170 + 100 * tau) % 360, 200.0, "Pixel 7", "14")

# ---------- phyphox ----------
def meta(folder, sep, dec):
    q = lambda s: f'"{s}"'
    write(f"{folder}/meta/device.csv", [sep.join([q("property"), q("value")])] + [sep.join([q(k), q(v)]) for k, v in [
        ("version", "1.1.16"), ("build", "1011600"), ("fileFormat", "1.19"), ("deviceModel", "Pixel 7"),
        ("deviceBrand", "google"), ("deviceBoard", "panther"), ("deviceManufacturer", "Google"),
        ("deviceBaseOS", ""), ("deviceCodename", "REL"), ("deviceRelease", "14"),
        ("depthFrontSensor", "0"), ("depthFrontResolution", ""), ("depthFrontRate", ""),
        ("depthBackSensor", "0"), ("depthBackResolution", ""), ("depthBackRate", "")]])
    write(f"{folder}/meta/time.csv", [
        sep.join([q("event"), q("experiment time"), q("system time"), q("system time text")]),
        sep.join([q("START"), java(0.0, dec), "1718030736.872".replace('.', dec), q("2024-06-10 14:45:36.872 UTC+01:00")]),
        sep.join([q("PAUSE"), java(2.99, dec), "1718030739.862".replace('.', dec), q("2024-06-10 14:45:39.862 UTC+01:00")]),
    ])

# 1) The "simple experiment" export: Accelerometer.csv + Magnetometer.csv, comma, decimal point.
folder = f"{ROOT}/phyphox/Accelerometer-Magnetometer"
acc_t = [0.012345 + 0.05 * i for i in range(60)]
rows = ['"Time (s)","Acceleration x (m/s^2)","Acceleration y (m/s^2)","Acceleration z (m/s^2)"']
for i, t in enumerate(acc_t):
    r = [-G * c for c in down_dev(POSES[i // 20])]          # phyphox reads +g on the axis pointing up
    rows.append(",".join([java(t)] + [java(c) for c in r]))
write(f"{folder}/Accelerometer.csv", rows)
rows = ['"Time (s)","Magnetic field x (µT)","Magnetic field y (µT)","Magnetic field z (µT)"']
for k in range(30):
    t = 0.031 + 0.1 * k
    block = 0 if t < acc_t[20] else (1 if t < acc_t[40] else 2)
    rows.append(",".join([java(t)] + [java(c) for c in field_dev(120.0, POSES[block])]))
write(f"{folder}/Magnetometer.csv", rows)
meta(folder, ",", ".")

# 2) "Acceleration with g", CSV (Semicolon, decimal comma): a step at irregular timestamps.
folder = f"{ROOT}/phyphox/Acceleration-semicolon-decimal-comma"
jitter = [0.0093, 0.0108, 0.0101, 0.0097, 0.0112, 0.0089]
t = 0.004127; times = []
for i in range(30):
    times.append(t); t += jitter[i % len(jitter)]
rows = [";".join(['"Time (s)"', '"Acceleration x (m/s^2)"', '"Acceleration y (m/s^2)"', '"Acceleration z (m/s^2)"', '"Absolute acceleration (m/s^2)"'])]
for i, t in enumerate(times):
    r = (0.0, 0.0, G) if i < 3 else (-G, 0.0, 0.0)         # flat, then right edge down 90°
    rows.append(";".join([java(t, ",")] + [java(c, ",") for c in r] + [java(G, ",")]))
write(f"{folder}/Raw Data.csv", rows)
meta(folder, ";", ",")

# 3) One tab-separated file, short names, two "Time (s)" groups; the shorter padded with NaN.
folder = f"{ROOT}/phyphox/Combined-tab"
names = ["Time (s)", "X (m/s^2)", "Y (m/s^2)", "Z (m/s^2)", "Time (s)", "X (µT)", "Y (µT)", "Z (µT)"]
rows = ["\t".join(f'"{n}"' for n in names)]
pose = ("right-down", 10)
for i in range(30):
    cells = [java(0.00871 + 0.02 * i)] + [java(-G * c) for c in down_dev(pose)]
    if i < 12: cells += [java(0.0213 + 0.05 * i)] + [java(c) for c in field_dev(300.0, pose)]
    else: cells += ["NaN"] * 4
    rows.append("\t".join(cells))
write(f"{folder}/Raw Data.csv", rows)

# 4) The "Magnetometer" experiment alone: no accelerometer, so nothing to import.
folder = f"{ROOT}/phyphox/Magnetometer-only"
rows = ['"Time (s)","Magnetic Field x (µT)","Magnetic Field y (µT)","Magnetic Field z (µT)","Absolute field (µT)"']
for k in range(12):
    b = field_dev(45.0, ("flat", 0))
    rows.append(",".join([java(0.0112 + 0.01 * k)] + [java(c) for c in b] + [java(math.sqrt(sum(c*c for c in b)))]))
write(f"{folder}/Raw Data.csv", rows)
meta(folder, ",", ".")
print("ok")
