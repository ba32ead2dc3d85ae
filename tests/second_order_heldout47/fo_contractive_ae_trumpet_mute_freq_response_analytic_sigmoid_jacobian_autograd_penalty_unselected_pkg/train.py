"""Train the mute autoencoder with the penalty named in config.PENALTY."""
import torch
import torch.nn.functional as F

import config
from model import MuteAutoencoder
from penalties import PENALTIES


def mute_responses(gen):
    f = torch.logspace(2, 3.8, config.N_BANDS)
    cutoff = 10 ** (2.6 + 0.8 * torch.rand(config.N_CURVES, 1, generator=gen))
    q = 1 + 4 * torch.rand(config.N_CURVES, 1, generator=gen)
    resonance = 6 * torch.exp(-((torch.log(f) - torch.log(cutoff)) * q) ** 2)
    highpass = -12 * torch.relu(torch.log2(cutoff / 2 / f))
    db = resonance + highpass + 0.5 * torch.randn(config.N_CURVES, config.N_BANDS, generator=gen)
    return db / 10


def main():
    gen = torch.Generator().manual_seed(19)
    data = mute_responses(gen)
    model = MuteAutoencoder(config.N_BANDS, config.HIDDEN, config.SMOOTH_KERNEL)
    penalty_fn = PENALTIES[config.PENALTY]
    opt = torch.optim.Adam(model.parameters(), lr=config.LR)
    for epoch in range(config.EPOCHS):
        perm = torch.randperm(len(data), generator=gen)
        for i in range(0, len(data), config.BATCH):
            x = data[perm[i:i + config.BATCH]]
            recon, h, u = model(x)
            rec = F.mse_loss(recon, u)
            pen = penalty_fn(model, h, u)
            loss = rec + config.PENALTY_WEIGHT * pen
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}  recon {rec.item():.4f}  contractive {pen.item():.4f}")


if __name__ == "__main__":
    main()
