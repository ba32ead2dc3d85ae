"""Two-stage latent-EBM for HPLC-UV chromatograms: a VAE first, then an energy-based prior on its latents."""
from types import SimpleNamespace

cfg = SimpleNamespace(
    trace_len=128,
    latent_dim=8,
    vae_width=16,
    ebm_hidden=32,
    sigmas=(0.05, 0.1, 0.2, 0.4),
    batch=16,
    vae_steps=3,
    ebm_steps=4,
    langevin_steps=5,
    langevin_step_size=0.01,
    lr_vae=2e-3,
    lr_ebm=1e-3,
    beta_kl=0.5,
    seed=13,
)
