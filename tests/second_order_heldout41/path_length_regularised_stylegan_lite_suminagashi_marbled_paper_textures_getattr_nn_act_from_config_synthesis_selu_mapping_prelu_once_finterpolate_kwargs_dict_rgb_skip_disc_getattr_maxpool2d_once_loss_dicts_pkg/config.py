"""Settings for the suminagashi (Japanese marbled paper) StyleGAN-lite run.

Plain constants, no torch import: layer types are given by their torch.nn class names and looked up
with getattr in models.py, losses by key in losses.py.
"""
Z_DIM = 32
W_DIM = 32
RES = 16                      # 4 -> 8 -> 16
CHANNELS = (32, 16, 8)        # const input, block 1, block 2

MAPPING = {"depth": 3, "act": "PReLU"}
SYNTHESIS = {
    "act": "SELU",
    "upsample": {"mode": "bilinear", "align_corners": True},
    "demodulate": True,
}
DISCRIMINATOR = {
    "widths": (16, 32),
    "act": "LeakyReLU",
    "act_kwargs": {"negative_slope": 0.2},
    "downsample": "MaxPool2d",
}

D_LOSS = "logistic"
G_LOSS = "nonsaturating"
PL = {"weight": 2.0, "decay": 0.01, "batch_shrink": 2, "interval": 1}

BATCH = 4
STEPS = 3
LR = 2e-3
BETAS = (0.0, 0.99)
SEED = 7
