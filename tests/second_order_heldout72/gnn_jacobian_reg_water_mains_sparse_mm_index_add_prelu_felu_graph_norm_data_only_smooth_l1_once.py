"""Pressure-head regression on a district water-distribution network (junctions = nodes, pipes = edges).

Smoothness prior: the predicted heads should not react violently to small changes in the demand
features of a junction, so we penalise a random-projection estimate of ||d head / d x||_F (Jacobian
regulariser with create_graph). Message passing is a GCN-style sparse propagation (torch.sparse.mm)
followed by an edge-gated aggregation written with index_add_.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger(__name__)


def build_network(n_junctions, n_loops, gen):
    """Random looped network; returns edge_index (2, E) and pipe features (E, 3). Data only."""
    src = torch.arange(1, n_junctions)
    dst = torch.randint(0, n_junctions - 1, (n_junctions - 1,), generator=gen) % src
    extra = torch.randint(0, n_junctions, (2, n_loops), generator=gen)
    ei = torch.cat([torch.stack([src, dst]), extra], 1)
    ei = ei[:, ei[0] != ei[1]]
    ei = torch.cat([ei, ei.flip(0)], 1)  # undirected
    length = torch.rand(ei.size(1), generator=gen) * 400 + 50
    diam = torch.rand(ei.size(1), generator=gen) * 0.3 + 0.1
    rough = torch.full((ei.size(1),), 130.0)
    pipe = F.normalize(torch.stack([length.log(), diam, rough / 150.0], 1), dim=0) * 10.0
    return ei, pipe


def gcn_norm_adjacency(edge_index, n):
    """Symmetric normalisation D^-1/2 (A+I) D^-1/2 as a sparse tensor, built once per graph (data only)."""
    loops = torch.arange(n)
    ei = torch.cat([edge_index, torch.stack([loops, loops])], 1)
    deg = torch.zeros(n).index_add_(0, ei[0], torch.ones(ei.size(1)))
    w = deg[ei[0]].pow(-0.5) * deg[ei[1]].pow(-0.5)
    return torch.sparse_coo_tensor(ei, w, (n, n), check_invariants=False).coalesce()


class EdgeGatedLayer(nn.Module):
    def __init__(self, dim, edge_dim):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.gate = nn.Linear(2 * dim + edge_dim, 1)
        self.act = nn.PReLU(dim)

    def forward(self, h, adj, edge_index, pipe):
        h_gcn = torch.sparse.mm(adj, self.lin(h))
        s, d = edge_index
        g = torch.sigmoid(self.gate(torch.cat([h[s], h[d], pipe], -1)))
        msg = torch.zeros_like(h).index_add_(0, d, g * h[s])
        return self.act(h_gcn + msg)


class HeadNet(nn.Module):
    def __init__(self, in_dim, dim, edge_dim, layers=2):
        super().__init__()
        self.enc = nn.Linear(in_dim, dim)
        self.layers = nn.ModuleList([EdgeGatedLayer(dim, edge_dim) for _ in range(layers)])
        self.norm = nn.LayerNorm(dim)
        self.out = nn.Linear(dim, 1)

    def forward(self, x, adj, edge_index, pipe):
        h = F.elu(self.enc(x))
        for layer in self.layers:
            h = h + layer(h, adj, edge_index, pipe)
        return self.out(self.norm(h)).squeeze(-1)


def jacobian_penalty(head, x, n_proj=1):
    pen = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(head)
        (jv,) = torch.autograd.grad(head, x, grad_outputs=v, create_graph=True)
        pen = pen + jv.pow(2).sum() / (n_proj * x.size(0))
    return pen


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--junctions", type=int, default=60)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--jac-weight", type=float, default=0.05)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO)
    gen = torch.Generator().manual_seed(3)
    torch.manual_seed(3)
    ei, pipe = build_network(args.junctions, 12, gen)
    adj = gcn_norm_adjacency(ei, args.junctions)
    elev = torch.rand(args.junctions, generator=gen) * 30
    model = HeadNet(in_dim=4, dim=24, edge_dim=3)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(args.epochs):
        demand = torch.rand(args.junctions, 2, generator=gen)
        x = torch.cat([demand, elev[:, None] / 30, torch.ones(args.junctions, 1)], 1).requires_grad_(True)
        target = 60 - elev - 8 * demand.sum(1)
        head = model(x, adj, ei, pipe)
        fit = F.smooth_l1_loss(head, target / 10)
        jac = jacobian_penalty(head, x)
        loss = fit + args.jac_weight * jac
        opt.zero_grad()
        loss.backward()
        assert model.layers[0].act.weight.grad is not None
        opt.step()
        logger.info("epoch %d fit %.4f jac %.4f", epoch, fit.item(), jac.item())


if __name__ == "__main__":
    main()
