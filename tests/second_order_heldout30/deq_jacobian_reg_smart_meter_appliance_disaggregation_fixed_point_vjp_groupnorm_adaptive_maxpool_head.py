"""Deep equilibrium model for appliance detection from smart-meter load windows.

The equilibrium z* = f(z*, x) is found without autograd (Anderson-free plain iteration); training
uses one differentiable application of f at z* (Jacobian-free backprop) plus the Jacobian
regulariser of Bai, Koltun & Kolter (2021): a Hutchinson estimate of ||df/dz||_F^2 at z*.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_APPLIANCES, BATCH, STEPS = 5, 8, 4
FP_ITERS, JAC_WEIGHT = 15, 0.5


class EquilibriumCell(nn.Module):
    """f(z, x) = GN(relu(z + GN(conv2(relu(conv1(z)))) + inject(x)))"""

    def __init__(self, ch=8):
        super().__init__()
        self.conv1 = nn.Conv1d(ch, ch, 3, padding=1)
        self.conv2 = nn.Conv1d(ch, ch, 3, padding=1)
        self.norm1 = nn.GroupNorm(2, ch)
        self.norm2 = nn.GroupNorm(2, ch)
        self.inject = nn.Conv1d(1, ch, 5, padding=2)

    def forward(self, z, x):
        y = self.norm1(self.conv2(F.relu(self.conv1(z))))
        return self.norm2(F.relu(z + y + self.inject(x)))


class LoadDEQ(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.cell = EquilibriumCell(ch)
        self.head = nn.Sequential(nn.AdaptiveMaxPool1d(1), nn.Flatten(), nn.Linear(ch, N_APPLIANCES))
        self.ch = ch

    def solve(self, x):
        z = torch.zeros(x.shape[0], self.ch, x.shape[-1])
        with torch.no_grad():
            for _ in range(FP_ITERS):
                z = self.cell(z, x)
        return z

    def forward(self, x):
        z_star = self.solve(x).requires_grad_(True)
        fz = self.cell(z_star, x)
        return self.head(fz), fz, z_star


def jacobian_penalty(fz, z_star):
    v = torch.randn_like(fz)
    vjp, = torch.autograd.grad(fz, z_star, grad_outputs=v, create_graph=True)
    return vjp.pow(2).sum() / v.numel()


def meter_windows(n):
    on = (torch.rand(n, N_APPLIANCES) < 0.4).float()
    t = torch.arange(48).float()
    signatures = torch.stack([torch.sin(t / (k + 2)) * (k + 1) for k in range(N_APPLIANCES)])
    load = on @ signatures + 0.2 * torch.randn(n, 48)
    return load.unsqueeze(1), on


def main():
    torch.manual_seed(17)
    model = LoadDEQ()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for step in range(STEPS):
        x, on = meter_windows(BATCH)
        logits, fz, z_star = model(x)
        task = F.binary_cross_entropy_with_logits(logits, on)
        jac = jacobian_penalty(fz, z_star)
        loss = task + JAC_WEIGHT * jac
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: bce={task.item():.3f} jac={jac.item():.3f}")


if __name__ == "__main__":
    main()
