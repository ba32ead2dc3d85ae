"""MAML for per-clinic TB cough screening (binary: TB-positive vs other cough)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class MetaLearner:
    def __init__(self, net, meta):
        self.net, self.meta = net, meta
        self.inner_loss = nn.BCEWithLogitsLoss()
        self.opt = torch.optim.Adam(net.parameters(), lr=meta["outer_lr"])

    def adapt(self, xs, ys, create_graph):
        params = dict(self.net.named_parameters())
        for _ in range(self.meta["inner_steps"]):
            logits = functional_call(self.net, params, (xs,))
            loss = self.inner_loss(logits, ys)
            grads = torch.autograd.grad(loss, list(params.values()), create_graph=create_graph)
            params = {k: p - self.meta["inner_lr"] * g for (k, p), g in zip(params.items(), grads)}
        return params

    def query_loss(self, task):
        xs, ys, xq, yq = task
        second_order = self.meta["algo"] == "maml"
        fast = self.adapt(xs, ys, create_graph=second_order)
        logits = functional_call(self.net, fast, (xq,))
        return F.binary_cross_entropy_with_logits(logits, yq)

    def meta_step(self, tasks):
        self.opt.zero_grad()
        loss = sum(self.query_loss(t) for t in tasks) / len(tasks)
        loss.backward()
        self.opt.step()
        return loss.item()

    def evaluate(self, task):
        xs, ys, xq, yq = task
        fast = self.adapt(xs, ys, create_graph=False)
        with torch.no_grad():
            pred = functional_call(self.net, fast, (xq,)) > 0
        return (pred.float() == yq).float().mean().item()
