import torch

from config import CFG
from models import BladeSignalNet
from reweight import example_weights, per_example_loss


def touches(n, noise, gen):
    """Valid hits show a guard-current drop and a sharp strain spike; off-target hits do not."""
    t = torch.linspace(0, 1, CFG.window)
    y = (torch.rand(n, generator=gen) < 0.5).float()
    spike = torch.exp(-((t - 0.5) ** 2) / 0.002)
    x = 0.1 * torch.randn(n, CFG.channels, CFG.window, generator=gen)
    x[:, 0] += spike
    x[:, 1] -= y.unsqueeze(1) * (t > 0.5).float()
    x[:, 2] += (0.5 + y.unsqueeze(1)) * spike
    x[:, 3] += 0.3 * torch.randn(n, 1, generator=gen) * spike
    flip = torch.rand(n, generator=gen) < noise
    return x, torch.where(flip, 1 - y, y)


def main():
    gen = torch.Generator().manual_seed(CFG.seed)
    torch.manual_seed(CFG.seed)
    model = BladeSignalNet(CFG.channels, CFG.hidden)
    opt = torch.optim.SGD(model.parameters(), lr=CFG.lr, momentum=0.9)
    xv, yv = touches(CFG.val_size, 0.0, gen)
    for step in range(CFG.steps):
        x, y = touches(CFG.batch, CFG.label_noise, gen)
        w = example_weights(model, x, y, xv, yv, CFG.lr)
        loss = (w * per_example_loss(model(x), y)).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            acc = ((model(xv) > 0).float() == yv).float().mean().item()
        print(f"step {step} weighted bce {loss.item():.4f} nonzero weights {int((w > 0).sum())} val acc {acc:.3f}")


if __name__ == "__main__":
    main()
