"""Neural ODE for an estuary salinity profile with a Taylor-mode style regulariser (Kelly et al. 2020, hand-written).

The second total derivative d^2z/dt^2 = (df/dz) f is obtained with the double-vjp trick (two autograd.grad calls
with create_graph=True) and its squared norm is added to the fit loss of an Euler rollout.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CELLS = 16
CH = 4


class SalinityField(nn.Module):
    def __init__(self, ch=CH):
        super().__init__()
        self.lift = nn.Conv1d(1, 2 * ch, 3, padding=1)
        self.smooth = nn.AvgPool1d(3, stride=1, padding=1, count_include_pad=False)
        self.proj = nn.Conv1d(ch, 1, 3, padding=1)

    def forward(self, t, z):
        h = F.glu(self.lift(z), dim=1)
        h = self.smooth(h)
        return torch.tanh(self.proj(h)) - 0.1 * z


def jvp_double_vjp(f_out, z, v):
    u = torch.zeros_like(f_out, requires_grad=True)
    (vjp,) = torch.autograd.grad(f_out, z, grad_outputs=u, create_graph=True)
    (jv,) = torch.autograd.grad(vjp, u, grad_outputs=v, create_graph=True)
    return jv


def rollout(field, z0, steps=6, dt=0.1, with_reg=True):
    z, reg = z0, 0.0
    traj = [z0]
    for k in range(steps):
        t = torch.tensor(k * dt)
        if with_reg:
            z = z.requires_grad_(True) if not z.requires_grad else z
        dz = field(t, z)
        if with_reg:
            d2z = jvp_double_vjp(dz, z, dz)
            reg = reg + d2z.pow(2).mean() * dt
        z = z + dt * dz
        traj.append(z)
    return torch.stack(traj, 1), reg


def tidal_profiles(n=8):
    x = torch.linspace(0, 1, CELLS)
    phase = torch.rand(n, 1) * 3.0
    s0 = torch.sigmoid(8 * (x - 0.5) + phase).unsqueeze(1)
    s_end = torch.sigmoid(8 * (x - 0.45) + phase).unsqueeze(1)
    return s0, s_end


def main():
    torch.manual_seed(11)
    field = SalinityField()
    opt = torch.optim.Adam(field.parameters(), lr=3e-3)
    for it in range(10):
        s0, s_end = tidal_profiles()
        traj, reg = rollout(field, s0.clone())
        fit = F.mse_loss(traj[:, -1], s_end)
        loss = fit + 0.05 * reg
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % 3 == 0:
            print(f"it {it} fit {fit.item():.4e} taylor-reg {reg.item():.4e}")


if __name__ == "__main__":
    main()
