"""Influence functions (Koh & Liang, 2017) restricted to the classification head, LiSSA inverse-HVP."""
import logging

import torch

logger = logging.getLogger("influence")


def head_loss(model, hidden_states, labels):
    loss, _ = model.classify(hidden_states, labels)
    return loss


def flat_grad(loss, params, create_graph=False):
    return torch.autograd.grad(loss, params, create_graph=create_graph)


def hessian_vector_product(loss, params, vectors):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    dot = sum((g * v).sum() for g, v in zip(grads, vectors))
    return torch.autograd.grad(dot, params)


def lissa_inverse_hvp(model, train_states, train_labels, v, damping=0.01, scale=25.0, depth=30, batch_size=8, seed=0):
    params = model.head_parameters()
    gen = torch.Generator().manual_seed(seed)
    estimate = [x.clone() for x in v]
    for i in range(depth):
        idx = torch.randint(0, train_states.size(0), (batch_size,), generator=gen)
        loss = head_loss(model, train_states[idx], train_labels[idx])
        hv = hessian_vector_product(loss, params, estimate)
        estimate = [v_j + (1 - damping) * e_j - h_j / scale for v_j, e_j, h_j in zip(v, estimate, hv)]
        if i % 10 == 0:
            logger.info("lissa depth %d |estimate| %.4f", i, torch.sqrt(sum((e ** 2).sum() for e in estimate)).item())
    return [e / scale for e in estimate]


def influence_on_test(model, train_states, train_labels, test_states, test_labels, **lissa_kwargs):
    params = model.head_parameters()
    test_grad = flat_grad(head_loss(model, test_states, test_labels), params)
    s_test = lissa_inverse_hvp(model, train_states, train_labels, test_grad, **lissa_kwargs)
    scores = []
    for i in range(train_states.size(0)):
        g_i = flat_grad(head_loss(model, train_states[i: i + 1], train_labels[i: i + 1]), params)
        scores.append(-sum((a * b).sum() for a, b in zip(g_i, s_test)).item())
    return torch.tensor(scores)
