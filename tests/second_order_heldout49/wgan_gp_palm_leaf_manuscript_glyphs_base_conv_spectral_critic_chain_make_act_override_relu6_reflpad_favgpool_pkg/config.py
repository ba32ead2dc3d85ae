"""WGAN-GP on palm-leaf manuscript glyph patches. Plain module, imported as ``import config as C``."""

SEED = 17
IMG = 16              # glyph patch side after binarisation + cropping
CHANNELS = 1
Z_DIM = 16
G_WIDTH = 16
D_WIDTH = 16

LR_G = 1e-4
LR_D = 2e-4
BETAS = (0.0, 0.9)
N_CRITIC = 2          # critic updates per generator update
BATCH = 8
MAX_STEPS = 2

GP_WEIGHT = 10.0      # gradient penalty on real/fake interpolates
DRIFT_WEIGHT = 1e-3   # keeps the critic output near zero on real patches
