import torch

from gradnorm import GradNormBalancer
from losses import TASK_LOSSES
from model import MilkingMultiTask


def milking_batch(n=24):
    x = torch.randn(n, 10)
    milk = 12 + 3 * x[:, 0] + torch.randn(n)
    mastitis = (x[:, 3] + 0.5 * x[:, 4] > 1).float()
    return x, {"yield": milk, "mastitis": mastitis}


def main():
    torch.manual_seed(0)
    model = MilkingMultiTask()
    balancer = GradNormBalancer(TASK_LOSSES.keys())
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(3):
        x, targets = milking_batch()
        preds = model(x)
        losses = {k: fn(preds[k], targets[k]) for k, fn in TASK_LOSSES.items()}
        grad_w = balancer.weight_grads(losses, model.last_shared_weight())
        total = sum(balancer.weights[i].detach() * losses[k] for i, k in enumerate(balancer.names))
        opt.zero_grad()
        total.backward()
        opt.step()
        balancer.step(grad_w)
        print(it, {k: round(v.item(), 3) for k, v in losses.items()}, balancer.weights.tolist())


if __name__ == "__main__":
    main()
