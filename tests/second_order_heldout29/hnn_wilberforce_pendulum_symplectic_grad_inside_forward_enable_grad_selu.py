# Hamiltonian neural network (Greydanus et al. 2019) for a Wilberforce pendulum: a mass on a
# helical spring whose bobbing (z) and twisting (theta) modes exchange energy.  State
# (z, theta, p_z, p_theta); the network learns H and predicts the symplectic gradient.
import torch
import torch.nn as nn
import torch.nn.functional as F

M, I, K, DELTA, EPS = 0.5, 1e-4, 5.0, 1e-3, 1e-2


class HamiltonianNet(nn.Module):
    def __init__(self, dim=4, hidden=48):
        super().__init__()
        self.energy = nn.Sequential(
            nn.Linear(dim, hidden), nn.SELU(),
            nn.Linear(hidden, hidden), nn.Tanh(),
            nn.Linear(hidden, 1),
        )
        J = torch.zeros(dim, dim)
        J[: dim // 2, dim // 2:] = torch.eye(dim // 2)
        J[dim // 2:, : dim // 2] = -torch.eye(dim // 2)
        self.register_buffer("J", J)

    def forward(self, state):
        with torch.enable_grad():
            if not state.requires_grad:
                state = state.requires_grad_(True)
            H = self.energy(state).sum()
            dH = torch.autograd.grad(H, state, create_graph=self.training)[0]
        return dH @ self.J.T


def true_derivatives(s):
    z, th, pz, pth = s.unbind(1)
    dz, dth = pz / M, pth / I
    dpz = -K * z - 0.5 * EPS * th
    dpth = -DELTA * th - 0.5 * EPS * z
    return torch.stack([dz, dth, dpz, dpth], 1)


def sample_states(n):
    scale = torch.tensor([0.05, 0.5, 0.05, 2e-3])
    return torch.randn(n, 4) * scale


def main(steps=3):
    torch.manual_seed(0)
    model = HamiltonianNet()
    norm = torch.tensor([0.05, 0.5, 0.05, 2e-3])
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    model.train()
    for step in range(steps):
        s = sample_states(64)
        target = true_derivatives(s) / norm
        pred = model(s / norm)
        loss = F.mse_loss(pred, target / target.std(0))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: derivative mse {loss.item():.4f}")
    model.eval()
    with torch.no_grad():
        rollout = model(sample_states(2) / norm)
    print("eval derivatives", rollout.shape)


if __name__ == "__main__":
    main()
