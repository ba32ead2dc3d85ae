"""Two-resolution deep equilibrium model (MDEQ-lite) with the Jacobian regularisation of Bai, Koltun &
Kolter (2021): the Frobenius norm of df/dz at the fixed point is estimated with one Hutchinson sample and
added to the loss, which keeps the equilibrium solver's iteration count stable during training."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BranchBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)

    def forward(self, z, inj):
        return F.relu(z + self.conv2(F.relu(self.bn1(self.conv1(z)))) + inj)


class MDEQFunc(nn.Module):
    def __init__(self, c_hi=16, c_lo=32):
        super().__init__()
        self.hi, self.lo = BranchBlock(c_hi), BranchBlock(c_lo)
        self.down = nn.Conv2d(c_hi, c_lo, 3, stride=2, padding=1, bias=False)
        self.up = nn.Conv2d(c_lo, c_hi, 1, bias=False)

    def forward(self, z_hi, z_lo, x_hi, x_lo):
        f_hi = self.hi(z_hi, x_hi)
        f_lo = self.lo(z_lo, x_lo)
        fused_hi = f_hi + F.interpolate(self.up(f_lo), scale_factor=2, mode="nearest")
        fused_lo = f_lo + self.down(f_hi)
        return fused_hi, fused_lo


class MDEQ(nn.Module):
    def __init__(self, n_classes=10, c_hi=16, c_lo=32):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, c_hi, 3, padding=1), nn.BatchNorm2d(c_hi), nn.ReLU())
        self.inj_lo = nn.Conv2d(c_hi, c_lo, 3, stride=2, padding=1)
        self.f = MDEQFunc(c_hi, c_lo)
        self.head = nn.Linear(c_lo, n_classes)
        self.c = (c_hi, c_lo)

    def solve(self, x_hi, x_lo, iters=20, tol=1e-3):
        z_hi, z_lo = torch.zeros_like(x_hi), torch.zeros_like(x_lo)
        with torch.no_grad():
            for _ in range(iters):
                n_hi, n_lo = self.f(z_hi, z_lo, x_hi, x_lo)
                res = (n_hi - z_hi).norm() / (n_hi.norm() + 1e-8)
                z_hi, z_lo = n_hi, n_lo
                if res < tol:
                    break
        return z_hi, z_lo

    def forward(self, x, jac_reg=False):
        x_hi = self.stem(x)
        x_lo = self.inj_lo(x_hi)
        z_hi, z_lo = self.solve(x_hi, x_lo)
        z_hi, z_lo = z_hi.requires_grad_(), z_lo.requires_grad_()
        f_hi, f_lo = self.f(z_hi, z_lo, x_hi, x_lo)
        jac_loss = torch.zeros(())
        if jac_reg:
            v_hi, v_lo = torch.randn_like(f_hi), torch.randn_like(f_lo)
            vjp = torch.autograd.grad((f_hi, f_lo), (z_hi, z_lo), (v_hi, v_lo), create_graph=True)
            jac_loss = sum(g.pow(2).sum() for g in vjp) / (v_hi.numel() + v_lo.numel())
        logits = self.head(f_lo.mean(dim=(2, 3)))
        return logits, jac_loss


def train(loader, epochs=10, gamma=2.0, jac_every=1):
    model = MDEQ()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    step = 0
    for ep in range(epochs):
        for x, y in loader:
            logits, jac = model(x, jac_reg=step % jac_every == 0)
            loss = F.cross_entropy(logits, y) + gamma * jac
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
    return model


if __name__ == "__main__":
    train([(torch.randn(2, 3, 16, 16), torch.tensor([3, 5]))], epochs=1)
