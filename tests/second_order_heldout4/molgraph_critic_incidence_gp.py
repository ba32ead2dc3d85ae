"""WGAN-GP for molecular graphs: a message-passing critic on soft node features. Per-edge messages are
gathered with index_select and summed into nodes by an incidence matrix built once with index_put_."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def incidence(edge_index, n_nodes):
    _, dst = edge_index
    inc = torch.zeros(n_nodes, dst.numel())
    return inc.index_put_((dst, torch.arange(dst.numel())), torch.ones(dst.numel()), accumulate=True)


class MessagePassing(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.msg = nn.Linear(dim, dim)
        self.upd = nn.Linear(2 * dim, dim)
        self.act = nn.PReLU(dim)

    def forward(self, h, src, inc):
        m = self.act(self.msg(h)).index_select(0, src)
        return h + self.upd(torch.cat([h, inc @ m], dim=-1))


class GraphCritic(nn.Module):
    def __init__(self, n_atom_types=9, dim=64, rounds=3):
        super().__init__()
        self.embed = nn.Linear(n_atom_types, dim)
        self.rounds = nn.ModuleList([MessagePassing(dim) for _ in range(rounds)])
        self.readout = nn.Sequential(nn.Linear(dim, dim), nn.CELU(), nn.Linear(dim, 1))

    def forward(self, node_feats, src, inc, assign):
        h = self.embed(node_feats)
        for layer in self.rounds:
            h = layer(h, src, inc)
        h = F.normalize(h, dim=-1)
        return self.readout(assign @ h)


class GraphWGANTrainer:
    def __init__(self, generator, gp_weight=10.0):
        self.generator = generator
        self.critic = GraphCritic()
        self.gp_weight = gp_weight
        self.opt = torch.optim.Adam(self.critic.parameters(), lr=1e-4, betas=(0.5, 0.9))

    def penalty(self, real_x, fake_x, graph):
        src, inc, assign, batch = graph
        alpha = torch.rand(assign.size(0), 1)[batch]
        x_hat = (alpha * real_x + (1 - alpha) * fake_x).requires_grad_(True)
        d_hat = self.critic(x_hat, src, inc, assign)
        grad = torch.autograd.grad(d_hat, x_hat, torch.ones_like(d_hat), create_graph=True)[0]
        per_graph = assign @ grad.pow(2).sum(-1)
        return ((per_graph.sqrt() - 1) ** 2).mean()

    def critic_step(self, real_x, edge_index, batch, n_graphs):
        graph = (edge_index[0], incidence(edge_index, real_x.size(0)), F.one_hot(batch, n_graphs).t().float(), batch)
        with torch.no_grad():
            fake_x = self.generator(real_x.size(0))
        d_real = self.critic(real_x, *graph[:3]).mean()
        d_fake = self.critic(fake_x, *graph[:3]).mean()
        loss = d_fake - d_real + self.gp_weight * self.penalty(real_x, fake_x, graph)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()
