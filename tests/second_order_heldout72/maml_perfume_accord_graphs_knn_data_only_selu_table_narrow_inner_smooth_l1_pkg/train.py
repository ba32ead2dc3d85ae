"""Second-order MAML over perfumery panels: adapt on a few rated accords, evaluate on the rest."""
import torch
import torch.nn.functional as F
from torch.func import functional_call

from config import Cfg
from graphs import batch_graphs, panel_task
from models import AccordNet


def task_loss(net, params, graphs, y):
    x, ei, batch = batch_graphs(graphs)
    pred = functional_call(net, params, (x, ei, batch, len(graphs)))
    return pred, y


def inner_adapt(net, graphs, y, mc):
    params = dict(net.named_parameters())
    for _ in range(mc.inner_steps):
        pred, tgt = task_loss(net, params, graphs, y)
        loss = F.smooth_l1_loss(pred, tgt, beta=0.5)
        grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=True)
        params = {n: p - mc.inner_lr * g for (n, p), g in zip(params.items(), grads)}
    return params


def main():
    cfg = Cfg()
    mc = cfg.meta
    torch.manual_seed(cfg.seed)
    net = AccordNet(cfg.model)
    opt = torch.optim.Adam(net.parameters(), lr=mc.meta_lr)
    for it in range(mc.meta_iters):
        opt.zero_grad()
        total = 0.0
        for t in range(mc.tasks):
            graphs, y = panel_task(seed=100 * it + t, n=mc.support + mc.query, k=cfg.knn)
            fast = inner_adapt(net, graphs[: mc.support], y[: mc.support], mc)
            pred, tgt = task_loss(net, fast, graphs[mc.support:], y[mc.support:])
            q = F.smooth_l1_loss(pred, tgt, beta=0.5) / mc.tasks
            q.backward()
            total += q.item()
        assert net.inp.weight.grad is not None and net.layers[0].msg.weight.grad.abs().sum() > 0
        opt.step()
        print(f"meta-iter {it}: query smooth-l1 {total:.4f}")


if __name__ == "__main__":
    main()
