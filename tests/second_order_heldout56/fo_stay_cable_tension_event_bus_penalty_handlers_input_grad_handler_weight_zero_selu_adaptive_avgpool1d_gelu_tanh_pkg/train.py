import torch

import config
from events import publish, subscribe
from model import TensionNet


def cable_psd(batch):
    """Synthetic PSDs: harmonics of f1 = sqrt(T / m) / (2 L) plus broadband traffic noise."""
    tension = 3.0 + 4.0 * torch.rand(batch)                                    # MN
    f1 = torch.sqrt(tension * 1e6 / config.MASS_PER_M) / (2 * config.CABLE_LENGTH_M)
    freqs = torch.linspace(0, 16, config.N_BINS)
    psd = 0.05 * torch.rand(batch, config.N_BINS)
    for k in range(1, 6):
        psd = psd + torch.exp(-((freqs[None] - k * f1[:, None]) ** 2) / 0.02) / k
    return psd.log1p().unsqueeze(1), tension


@subscribe("epoch_end", "report")
def report(step, losses, **_):
    print(step, {k: round(v.item(), 5) for k, v in losses.items()})


def main():
    torch.manual_seed(0)
    model = TensionNet()
    opt = torch.optim.Adam(model.parameters(), lr=config.LR)
    for step in range(config.STEPS):
        psd, tension = cable_psd(config.BATCH)
        pred = model(psd)
        losses = {"fit": torch.nn.functional.mse_loss(pred, tension)}
        losses.update(publish("penalty", weights=config.PENALTY_WEIGHTS, model=model, psd=psd, pred=pred))
        opt.zero_grad()
        sum(losses.values()).backward()
        opt.step()
        publish("epoch_end", step=step, losses=losses)


if __name__ == "__main__":
    main()
