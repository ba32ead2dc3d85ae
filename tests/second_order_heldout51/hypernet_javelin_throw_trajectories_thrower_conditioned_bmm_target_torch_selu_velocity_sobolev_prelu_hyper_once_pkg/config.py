"""Hypernetwork for javelin flight trajectories (one small trajectory net per throw)."""
N_THROWERS = 6
EMB_DIM = 8
COND_DIM = 3            # release angle, release speed, head-wind
N_FREQ = 6              # Fourier features of normalised flight time
TARGET_HIDDEN = 16
HYPER_HIDDEN = 64
WEIGHT_SCALE = 0.3

N_SAMPLES = 20          # video frames per throw
FLIGHT_TIME = 3.0       # s, used to normalise t to [0, 1]
VEL_WEIGHT = 0.5        # Doppler-radar velocity term (Sobolev)
PHYSICS_WEIGHT = 0.0    # ballistic acceleration residual, off for the indoor-hall data
GRAVITY = 9.81

BATCH = 8
STEPS = 4
LR = 2e-3
