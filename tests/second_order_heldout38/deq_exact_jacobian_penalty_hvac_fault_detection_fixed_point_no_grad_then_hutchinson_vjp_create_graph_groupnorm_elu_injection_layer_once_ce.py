"""Deep equilibrium classifier for HVAC fault detection with a Jacobian regulariser (Bai et al. 2021 style).

The fixed point is found without tracking gradients; one tracked application of the cell gives the output, and
||J_f(z*)^T eps||^2 (Hutchinson, create_graph=True) is added to the loss to keep the equilibrium stable.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

SENSORS = 12
HIDDEN = 32
N_FAULTS = 4


class EquilibriumCell(nn.Module):
    def __init__(self, hidden=HIDDEN, groups=4):
        super().__init__()
        self.mix = nn.Linear(hidden, hidden, bias=False)
        self.norm = nn.GroupNorm(groups, hidden)
        self.act = nn.ELU()

    def forward(self, z, injected):
        return self.act(self.norm(self.mix(z) + injected))


class DEQClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.inject = nn.Sequential(nn.Linear(SENSORS, HIDDEN), nn.Softsign())
        self.cell = EquilibriumCell()
        self.head = nn.Linear(HIDDEN, N_FAULTS)

    def solve(self, injected, iters=20, tol=1e-4):
        z = torch.zeros_like(injected)
        with torch.no_grad():
            for _ in range(iters):
                z_next = self.cell(z, injected)
                if (z_next - z).norm() < tol * (z.norm() + 1e-8):
                    z = z_next
                    break
                z = z_next
        return z

    def forward(self, x):
        injected = self.inject(x)
        z_star = self.solve(injected)
        z_star = z_star.requires_grad_(True)
        f_z = self.cell(z_star, injected)
        return self.head(f_z), f_z, z_star


def jacobian_penalty(f_z, z_star, n_samples=1):
    total = 0.0
    for _ in range(n_samples):
        eps = torch.randn_like(f_z)
        (vjp,) = torch.autograd.grad(f_z, z_star, grad_outputs=eps, create_graph=True)
        total = total + vjp.pow(2).sum() / eps.numel()
    return total / n_samples


def hvac_batch(n=32):
    x = torch.randn(n, SENSORS)
    y = (x[:, 0] > 0).long() + 2 * (x[:, 3] > 0.5).long()
    return x, y


def main():
    torch.manual_seed(8)
    model = DEQClassifier()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(8):
        x, y = hvac_batch()
        logits, f_z, z_star = model(x)
        ce = F.cross_entropy(logits, y)
        jac = jacobian_penalty(f_z, z_star)
        loss = ce + 2.0 * jac
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} ce {ce.item():.4f} jac {jac.item():.4f}")


if __name__ == "__main__":
    main()
