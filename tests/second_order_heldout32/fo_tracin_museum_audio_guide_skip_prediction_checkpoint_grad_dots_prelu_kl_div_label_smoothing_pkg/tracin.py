import torch

from model import smoothed_kl


def example_grad(model, x, y):
    loss = smoothed_kl(model(x[None]), y[None])
    grads = torch.autograd.grad(loss, [p for p in model.parameters() if p.requires_grad])
    return torch.cat([g.flatten() for g in grads])


def tracin_scores(checkpoints, model, train_set, test_point, lr):
    """TracIn-CP (Pruthi et al. 2020): sum over checkpoints of lr * <grad(train_i), grad(test)>."""
    xt, yt = test_point
    scores = torch.zeros(len(train_set[0]))
    for state in checkpoints:
        model.load_state_dict(state)
        g_test = example_grad(model, xt, yt)
        for i, (x, y) in enumerate(zip(*train_set)):
            scores[i] += lr * torch.dot(example_grad(model, x, y), g_test).item()
    return scores
