"""Experiment settings (plain Python, no torch import)."""

NUM_CLASSES = 4
LATENT_DIM = 16
DATA_RES = 8
CRITIC_RES = 16
BASE_CH = 16

D_LOSS = "wgan_gp"
GP_WEIGHT = 10.0
N_CRITIC = 2
STEPS = 3
BATCH = 8
LR = 2e-4
