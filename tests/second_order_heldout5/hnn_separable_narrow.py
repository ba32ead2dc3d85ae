"""Hamiltonian neural network (Greydanus et al. 2019) with a separable Hamiltonian H(q, p) = T(p) + V(q).
The state is split with Tensor.narrow, the symplectic gradient is read off dH/dx with create_graph=True
and regressed on the observed time derivatives of a mass-spring / pendulum trajectory."""
import torch
import torch.nn as nn


def choose_nonlinearity(name):
    if name == "tanh":
        return torch.tanh
    if name == "sigmoid":
        return torch.sigmoid
    if name == "softplus":
        return torch.nn.functional.softplus
    raise ValueError("nonlinearity not recognized")


class MLP(nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, nonlinearity="tanh"):
        super().__init__()
        self.linear1 = nn.Linear(input_dim, hidden_dim)
        self.linear2 = nn.Linear(hidden_dim, hidden_dim)
        self.linear3 = nn.Linear(hidden_dim, output_dim, bias=False)
        for l in [self.linear1, self.linear2, self.linear3]:
            torch.nn.init.orthogonal_(l.weight)
        self.nonlinearity = choose_nonlinearity(nonlinearity)

    def forward(self, x):
        h = self.nonlinearity(self.linear1(x))
        h = self.nonlinearity(self.linear2(h))
        return self.linear3(h)


def permutation_tensor(n):
    M = torch.eye(n)
    return torch.cat([M[n // 2:], -M[:n // 2]])


class SeparableHNN(nn.Module):
    def __init__(self, dof=1, hidden_dim=200, nonlinearity="tanh"):
        super().__init__()
        self.dof = dof
        self.kinetic = MLP(dof, hidden_dim, 1, nonlinearity)
        self.potential = MLP(dof, hidden_dim, 1, nonlinearity)
        self.register_buffer("M", permutation_tensor(2 * dof))

    def forward(self, x):
        q = x.narrow(1, 0, self.dof)
        p = x.narrow(1, self.dof, self.dof)
        return self.kinetic(p) + self.potential(q)

    def time_derivative(self, x):
        H = self.forward(x).sum()
        dH = torch.autograd.grad(H, x, create_graph=True)[0]
        return dH @ self.M.t()


def L2_loss(u, v):
    return (u - v).pow(2).mean()


def train(x, dxdt, test_x, test_dxdt, total_steps=2000, learn_rate=1e-3, batch_size=256):
    model = SeparableHNN(dof=x.shape[1] // 2)
    optim = torch.optim.Adam(model.parameters(), learn_rate, weight_decay=1e-4)
    x = x.clone().requires_grad_(True)
    test_x = test_x.clone().requires_grad_(True)
    stats = {"train_loss": [], "test_loss": []}
    for step in range(total_steps + 1):
        ixs = torch.randperm(x.shape[0])[:batch_size]
        dxdt_hat = model.time_derivative(x[ixs])
        loss = L2_loss(dxdt[ixs], dxdt_hat)
        loss.backward()
        optim.step()
        optim.zero_grad()
        test_dxdt_hat = model.time_derivative(test_x)
        stats["train_loss"].append(loss.item())
        stats["test_loss"].append(L2_loss(test_dxdt, test_dxdt_hat).item())
    return model, stats
