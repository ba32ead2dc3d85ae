"""Settings for the contractive autoencoder on trumpet-mute frequency responses."""

N_BANDS = 48                 # 1/6-octave bands, 100 Hz - 6.4 kHz
N_CURVES = 180
HIDDEN = 12
PENALTY = "analytic"         # "analytic" (closed form, sigmoid encoder) | "autograd" (slow, for debugging)
PENALTY_WEIGHT = 0.1
SMOOTH_KERNEL = 5
LR = 3e-3
BATCH = 30
EPOCHS = 3
MUTES = ("straight", "cup", "harmon", "plunger", "bucket")
