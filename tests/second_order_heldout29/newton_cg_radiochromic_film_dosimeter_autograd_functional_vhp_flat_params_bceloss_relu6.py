# Truncated-Newton fit of a small calibration network for radiochromic film dosimetry:
# from the net optical density in three colour channels, predict whether the delivered dose
# exceeded the 2 Gy action level.  Newton directions come from conjugate gradient on
# vector-Hessian products (torch.autograd.functional.vhp) of the loss in the flat parameters.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class FilmCalibrator(nn.Module):
    def __init__(self, hidden=12):
        super().__init__()
        self.fc1 = nn.Linear(3, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, 1)

    def forward(self, od):
        h = F.relu6(self.fc1(od) * 3.0)
        h = torch.tanh(self.fc2(h))
        return torch.sigmoid(self.fc3(h)).squeeze(-1)


def film_scans(n):
    dose = 4.0 * torch.rand(n)
    sens = torch.tensor([0.9, 0.6, 0.25])
    od = torch.log1p(dose[:, None] * sens) + 0.02 * torch.randn(n, 3)
    return od, (dose > 2.0).float()


class FlatView:
    def __init__(self, module):
        self.names = [n for n, _ in module.named_parameters()]
        self.shapes = [p.shape for _, p in module.named_parameters()]
        self.sizes = [p.numel() for _, p in module.named_parameters()]

    def flatten(self, module):
        return torch.cat([p.detach().reshape(-1) for p in module.parameters()])

    def unflatten(self, flat):
        chunks = torch.split(flat, self.sizes)
        return {n: c.view(s) for n, c, s in zip(self.names, chunks, self.shapes)}


def conjugate_gradient(matvec, b, iters=5, tol=1e-8):
    x = torch.zeros_like(b)
    r, p = b.clone(), b.clone()
    rs = r @ r
    for _ in range(iters):
        Ap = matvec(p)
        alpha = rs / (p @ Ap + 1e-12)
        x, r = x + alpha * p, r - alpha * Ap
        rs_new = r @ r
        if rs_new < tol:
            break
        p, rs = r + (rs_new / rs) * p, rs_new
    return x


def newton_fit(model, od, hit, outer_steps=3, damping=1e-2):
    criterion = nn.BCELoss()
    view = FlatView(model)
    theta = view.flatten(model)

    def loss_of(flat):
        return criterion(functional_call(model, view.unflatten(flat), (od,)), hit)

    for it in range(outer_steps):
        theta = theta.detach().requires_grad_(True)
        loss = loss_of(theta)
        g, = torch.autograd.grad(loss, theta)

        def hess_vec(v):
            _, hv = torch.autograd.functional.vhp(loss_of, theta.detach(), v)
            return hv + damping * v

        step = conjugate_gradient(hess_vec, -g.detach())
        theta = theta.detach() + step
        print(f"newton {it}: loss {loss.item():.4f} |step| {step.norm().item():.3f}")
    with torch.no_grad():
        for p, new in zip(model.parameters(), view.unflatten(theta).values()):
            p.copy_(new)
    return model


if __name__ == "__main__":
    torch.manual_seed(0)
    od, hit = film_scans(96)
    newton_fit(FilmCalibrator(), od, hit)
