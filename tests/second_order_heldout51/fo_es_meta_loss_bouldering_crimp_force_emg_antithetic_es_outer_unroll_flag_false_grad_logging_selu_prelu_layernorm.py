"""Meta-learning a regression loss with evolution strategies (ES) for climber-specific models of
peak finger force on crimp holds, from forearm EMG features.

Each task is one climber.  The learned loss M_phi is scored by how well a regressor trained on
it for a few SGD steps predicts held-out pulls; phi is updated with antithetic ES, so no
gradient ever flows through the inner training.  A gradient-alignment diagnostic (cosine
between the learned-loss gradient and the MSE gradient) is logged every iteration.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call
from torch.nn.utils import parameters_to_vector, vector_to_parameters

UNROLL_THROUGH_INNER = False     # exact meta-gradient instead of ES (needs double backward)
CFG = dict(emg_feats=8, hidden=24, inner_steps=4, inner_lr=0.05, pop=6, sigma=0.05,
           es_lr=0.02, iterations=4, shots=16, queries=16, seed=23)


class ForceRegressor(nn.Module):
    def __init__(self, d_in, hidden):
        super().__init__()
        self.inp = nn.Linear(d_in, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.act = nn.PReLU()
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.act(self.norm(self.inp(x))))


class LossNet(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(2, hidden), nn.SELU(), nn.Linear(hidden, 1))

    def forward(self, pred, target):
        return F.softplus(self.body(torch.cat([pred - target, target], -1))).mean()


def climber_task(gen):
    w = torch.randn(CFG["emg_feats"], 1, generator=gen)
    fatigue = 0.5 * torch.rand(1, generator=gen)

    def draw(n):
        x = torch.rand(n, CFG["emg_feats"], generator=gen)
        y = torch.tanh(x @ w) * (1 - fatigue) + 0.05 * torch.randn(n, 1, generator=gen)
        return x, y

    return (*draw(CFG["shots"]), *draw(CFG["queries"]))


def train_with_loss(loss_net, task, seed):
    torch.manual_seed(seed)
    model = ForceRegressor(CFG["emg_feats"], CFG["hidden"])
    params = {k: v.detach().requires_grad_() for k, v in model.named_parameters()}
    xs, ys, xq, yq = task
    for _ in range(CFG["inner_steps"]):
        loss = loss_net(functional_call(model, params, (xs,)), ys)
        grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=UNROLL_THROUGH_INNER)
        params = {k: (p - CFG["inner_lr"] * g).detach().requires_grad_() for (k, p), g in zip(params.items(), grads)}
    with torch.no_grad():
        return F.mse_loss(functional_call(model, params, (xq,)), yq).item(), model, params


def grad_alignment(loss_net, model, params, task):
    """Cosine between d M_phi / d theta and d MSE / d theta on the support set (logging only)."""
    xs, ys, _, _ = task
    pred = functional_call(model, params, (xs,))
    g_m = torch.autograd.grad(loss_net(pred, ys), tuple(params.values()), retain_graph=True)
    g_t = torch.autograd.grad(F.mse_loss(pred, ys), tuple(params.values()))
    flat = lambda gs: torch.cat([g.flatten() for g in gs])
    return F.cosine_similarity(flat(g_m), flat(g_t), dim=0).item()


def main():
    gen = torch.Generator().manual_seed(CFG["seed"])
    loss_net = LossNet()
    loss_net.requires_grad_(False)
    phi = parameters_to_vector(loss_net.parameters()).clone()
    for it in range(CFG["iterations"]):
        task = climber_task(gen)
        noise = torch.randn(CFG["pop"], phi.numel(), generator=gen)
        fitness = torch.zeros(CFG["pop"], 2)
        for i in range(CFG["pop"]):
            for j, sign in enumerate((1.0, -1.0)):
                vector_to_parameters(phi + sign * CFG["sigma"] * noise[i], loss_net.parameters())
                fitness[i, j] = train_with_loss(loss_net, task, seed=it)[0]
        es_grad = ((fitness[:, 0] - fitness[:, 1]).unsqueeze(1) * noise).mean(0) / (2 * CFG["sigma"])
        phi = phi - CFG["es_lr"] * es_grad
        vector_to_parameters(phi, loss_net.parameters())
        q_mse, model, params = train_with_loss(loss_net, task, seed=it)
        align = grad_alignment(loss_net, model, params, task)
        print(f"iter {it} query mse {q_mse:.4f} pop mean {fitness.mean().item():.4f} grad alignment {align:+.3f}")


if __name__ == "__main__":
    main()
