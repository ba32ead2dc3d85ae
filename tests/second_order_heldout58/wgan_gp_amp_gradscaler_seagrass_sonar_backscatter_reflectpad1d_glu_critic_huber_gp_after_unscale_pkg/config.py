"""Seagrass-meadow sonar backscatter profile GAN: run settings."""

PROFILE_LEN = 64          # range bins per ping
Z_DIM = 16

AMP = dict(device_type="cpu", dtype="bfloat16", enabled=True, init_scale=2.0 ** 10)

CRITIC = dict(channels=16, kernel=5, pad=2)
GENERATOR = dict(channels=24)

TRAIN = dict(steps=3, batch=8, n_critic=2, lr=1e-4, betas=(0.0, 0.9))

GP = dict(weight=10.0, kind="huber", huber_beta=0.5)   # kind: "square" (WGAN-GP) or "huber"
