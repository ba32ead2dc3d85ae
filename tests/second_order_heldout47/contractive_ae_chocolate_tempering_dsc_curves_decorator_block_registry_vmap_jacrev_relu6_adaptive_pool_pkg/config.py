"""Contractive autoencoder settings for cocoa-butter tempering DSC curves (plain dict)."""

CFG = {
    "curve_len": 64,          # heat-flow samples between 15 and 40 degC
    "n_curves": 160,
    "channels": 6,
    "latent": 5,
    "encoder": ["conv_relu6", "adaptive_pool"],
    "decoder": ["upsample", "conv_prelu"],
    "pool_size": 8,
    "contractive_weight": 0.05,
    "lr": 2e-3,
    "batch": 16,
    "epochs": 3,
}
