"""Physics-informed GNN for sea-ice floe contacts: a learned pair energy, forces = -dE/dx, force matching."""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_FLOES, CUTOFF = 10, 1.5


class EdgeEnergy(nn.Module):
    def __init__(self, n_rbf=8, hidden=16):
        super().__init__()
        self.centers = nn.Parameter(torch.linspace(0.2, CUTOFF, n_rbf), requires_grad=False)
        self.edge_mlp = nn.Sequential(nn.Linear(n_rbf + 2, hidden), nn.PReLU(hidden), nn.Linear(hidden, hidden))
        self.node_update = nn.Sequential(nn.Linear(hidden, 2 * hidden), nn.GLU())
        self.node_out = nn.Linear(hidden, 1)
        self.thickness_embed = nn.Sequential(nn.Linear(1, 4), nn.Hardshrink(0.2), nn.Linear(4, 1))

    def forward(self, pos, thickness, src, dst):
        with torch.no_grad():
            t_feat = self.thickness_embed(thickness)      # per-floe descriptor, not trained through energy
        d = (pos[src] - pos[dst]).pow(2).sum(-1).add(1e-9).sqrt()
        rbf = torch.exp(-((d.unsqueeze(-1) - self.centers) ** 2) / 0.1)
        msg = self.edge_mlp(torch.cat([rbf, t_feat[src], t_feat[dst]], -1))
        msg = msg * (0.5 * (torch.cos(torch.pi * d / CUTOFF) + 1)).unsqueeze(-1)
        node = torch.zeros(pos.size(0), msg.size(-1)).index_add(0, dst, msg)
        return self.node_out(F.silu(self.node_update(node))).sum()


def radius_graph(pos):
    dist = torch.cdist(pos, pos)
    src, dst = torch.nonzero((dist < CUTOFF) & (dist > 0), as_tuple=True)
    return src, dst


def forces(model, pos, thickness):
    pos = pos.clone().requires_grad_(True)
    src, dst = radius_graph(pos.detach())
    energy = model(pos, thickness, src, dst)
    return -torch.autograd.grad(energy, pos, create_graph=True)[0], energy


def main():
    torch.manual_seed(0)
    model = EdgeEnergy()
    opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=1e-3)
    for step in range(3):
        pos = torch.rand(N_FLOES, 2) * 3
        thickness = torch.rand(N_FLOES, 1)
        diff = pos.unsqueeze(1) - pos.unsqueeze(0)
        ref = (diff / (diff.norm(dim=-1, keepdim=True) + 0.3) ** 3).sum(1)
        f_pred, _ = forces(model, pos, thickness)
        loss = F.mse_loss(f_pred, ref)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
