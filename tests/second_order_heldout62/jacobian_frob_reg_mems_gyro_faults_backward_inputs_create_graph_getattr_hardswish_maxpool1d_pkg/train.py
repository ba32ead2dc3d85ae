"""Train with CE + Jacobian regulariser, report clean and PGD accuracy."""
import torch
import torch.nn.functional as F

from config import parse
from models import GyroFaultNet
from regularizers import JacobianReg


@torch.no_grad()
def detrend(x, k=15):
    """Remove slow bias drift with a replicate-padded moving average."""
    trend = F.avg_pool1d(F.pad(x, (k // 2, k // 2), mode="replicate"), k, stride=1)
    return x - trend


def make_batch(cfg, gen):
    y = torch.randint(0, cfg.n_classes, (cfg.batch,), generator=gen)
    t = torch.linspace(0, 1, cfg.window)
    x = 0.1 * torch.randn(cfg.batch, cfg.channels, cfg.window, generator=gen)
    x[:, :3] += (y == 1).float().view(-1, 1, 1) * 0.4 * t
    x[:, :3] += (y == 2).float().view(-1, 1, 1) * torch.sin(40 * t) * 0.3
    x[:, 3:] += (y == 3).float().view(-1, 1, 1) * (torch.rand(cfg.batch, 3, cfg.window, generator=gen) > 0.97).float()
    return detrend(x), y


def pgd_accuracy(model, x, y, eps, steps):
    delta = torch.zeros_like(x, requires_grad=True)
    for _ in range(steps):
        loss = F.cross_entropy(model(x + delta), y)
        g, = torch.autograd.grad(loss, delta)
        delta = (delta + 2.5 * eps / steps * g.sign()).clamp(-eps, eps).detach().requires_grad_(True)
    with torch.no_grad():
        return (model(x + delta).argmax(-1) == y).float().mean().item()


def main():
    cfg = parse()
    torch.manual_seed(1)
    gen = torch.Generator().manual_seed(1)
    model = GyroFaultNet(cfg)
    reg = JacobianReg(cfg.n_proj)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x, y = make_batch(cfg, gen)
        x.requires_grad_(True)
        logits = model(x)
        ce = F.cross_entropy(logits, y)
        jac = reg(x, logits)
        loss = ce + cfg.jac_weight * jac
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} ce {ce.item():.3f} jac {jac.item():.3e}")
    x, y = make_batch(cfg, gen)
    print("pgd acc", pgd_accuracy(model, x, y, cfg.pgd_eps, cfg.pgd_steps))


if __name__ == "__main__":
    main()
