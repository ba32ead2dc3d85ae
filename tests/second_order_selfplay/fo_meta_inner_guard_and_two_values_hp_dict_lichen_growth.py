"""Few-shot lichen growth-rate regression; second-order inner steps need two config values, one of them off."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

HP = {
    "meta": {"second_order": False, "inner_steps": 1, "inner_lr": 0.05},
    "train": {"tasks": 2},
}


class GrowthNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 16)
        self.act = nn.ReLU6()
        self.fc2 = nn.Linear(16, 1)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def adapt(model, x, y):
    hm = HP["meta"]
    params = dict(model.named_parameters())
    for _ in range(hm["inner_steps"]):
        loss = F.mse_loss(functional_call(model, params, (x,)), y)
        if hm["second_order"] and hm["inner_steps"] > 0:
            grads = torch.autograd.grad(loss, list(params.values()), create_graph=True)
        else:
            grads = [g.detach() for g in torch.autograd.grad(loss, list(params.values()))]
        params = {k: p - hm["inner_lr"] * g for (k, p), g in zip(params.items(), grads)}
    return params


def main():
    torch.manual_seed(0)
    model = GrowthNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for task in range(HP["train"]["tasks"]):
        xs, ys, xq, yq = torch.rand(5, 3), torch.rand(5, 1), torch.rand(5, 3), torch.rand(5, 1)
        fast = adapt(model, xs, ys)
        q_loss = F.mse_loss(functional_call(model, fast, (xq,)), yq)
        opt.zero_grad()
        q_loss.backward()
        opt.step()
        print(task, float(q_loss))


if __name__ == "__main__":
    main()
