"""Reptile as a LightningModule-style class: training_step adapts a clone with plain SGD and returns the
Reptile pseudo-gradient theta - mean(phi); no gradient ever flows through the inner loop."""
import copy

import torch
import torch.nn as nn


class ReptileModule(nn.Module):
    def __init__(self, net, args):
        super().__init__()
        self.net = net
        self.args = args

    def configure_optimizers(self):
        return torch.optim.SGD(self.net.parameters(), lr=self.args.meta_lr)

    def adapt(self, x, y):
        learner = copy.deepcopy(self.net)
        opt = torch.optim.SGD(learner.parameters(), lr=self.args.inner_lr)
        for _ in range(self.args.inner_steps):
            loss = learner.loss(x, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return learner, loss.item()

    def training_step(self, batch, batch_idx):
        pseudo = [torch.zeros_like(p) for p in self.net.parameters()]
        losses, accs = [], []
        for xs, ys, xq, yq in batch:
            learner, inner_loss = self.adapt(xs, ys)
            with torch.no_grad():
                for g, p, q in zip(pseudo, self.net.parameters(), learner.parameters()):
                    g.add_((p - q) / len(batch))
                accs.append((learner(xq).argmax(-1) == yq).float().mean().item())
            losses.append(inner_loss)
        return pseudo, {"inner_nll": sum(losses) / len(losses), "query_acc": sum(accs) / len(accs)}
