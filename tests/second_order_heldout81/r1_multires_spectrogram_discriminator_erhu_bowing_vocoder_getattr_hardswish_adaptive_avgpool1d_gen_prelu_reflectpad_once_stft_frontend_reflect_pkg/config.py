"""Config for the erhu vocoder with multi-resolution spectrogram discriminators (UnivNet-style) + R1."""

CONFIG = {
    "sample_rate": 8000,
    "segment": 1024,
    "n_mels": 16,
    "hop": 16,
    "resolutions": [(64, 16), (128, 32), (32, 8)],  # (n_fft, hop)
    "disc_channels": 16,
    "disc_act": "Hardswish",
    "gen_channels": 32,
    "upsample": [4, 4],
    "r1_gamma": 5.0,
    "lambda_stft": 2.5,
    "steps": 3,
    "batch": 2,
    "lr": 2e-4,
}
