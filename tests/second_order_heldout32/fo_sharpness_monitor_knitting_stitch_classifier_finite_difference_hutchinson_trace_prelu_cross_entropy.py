"""Train a knitting stitch-type classifier and log a sharpness proxy: the Hutchinson trace of the loss Hessian,
estimated from finite differences of gradients (two first-order gradients per probe, no double backward)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

SETTINGS = {"epochs": 3, "probes": 2, "fd_eps": 1e-3, "lr": 0.05}


def make_model(n_cls=4):
    return nn.Sequential(
        nn.Conv2d(1, 6, 3, padding=1), nn.PReLU(6), nn.AvgPool2d(2),
        nn.Conv2d(6, 6, 3, padding=1), nn.PReLU(6), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(6, n_cls),
    )


def flat_grad(model, x, y):
    loss = F.cross_entropy(model(x), y)
    grads = torch.autograd.grad(loss, list(model.parameters()))
    return torch.cat([g.reshape(-1) for g in grads])


@torch.no_grad()
def perturb(model, vec, scale):
    offset = 0
    for p in model.parameters():
        n = p.numel()
        p.add_(vec[offset:offset + n].view_as(p), alpha=scale)
        offset += n


def hessian_trace_fd(model, x, y, probes, eps):
    g0 = flat_grad(model, x, y)
    est = 0.0
    for _ in range(probes):
        v = torch.randint_like(g0, 2) * 2 - 1
        perturb(model, v, eps)
        g1 = flat_grad(model, x, y)
        perturb(model, v, -eps)
        est += float((g1 - g0) @ v) / eps
    return est / probes


def main(cfg=SETTINGS):
    torch.manual_seed(0)
    model = make_model()
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    x, y = torch.randn(24, 1, 8, 8), torch.randint(0, 4, (24,))
    for ep in range(cfg["epochs"]):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        tr = hessian_trace_fd(model, x, y, cfg["probes"], cfg["fd_eps"])
        print(f"epoch {ep} loss {loss.item():.4f} trace(H)~{tr:.3f}")


if __name__ == "__main__":
    main()
